//! Drawing on the page: the canvas backend the figures paint through, the one backend type
//! that forwards to it or to SVG, and the export path (PNG, SVG, CSV downloads). Browser-only;
//! the figures themselves live in `charts` and are drawn natively in tests.

pub mod canvas;
pub mod export;
pub mod page_backend;
