//! Drawing on the page: the canvas backend the figures paint through, the one backend type
//! that forwards to it or to SVG, a figure as SVG, the export path (PNG, SVG, CSV downloads) and
//! the first figure the build draws into the page (`sketch`, the one part used natively). The
//! figures themselves live in `charts` and are drawn natively in tests.

pub mod canvas;
pub mod export;
pub mod page_backend;
pub mod sketch;
pub mod svg;
