//! The lesson's sections, in the order the page shows them: one file per section, a folder
//! where a section has parts of its own.

pub mod deeper;
pub mod deployments;
pub mod hardware;
pub mod measurements;
pub mod one_request;
pub mod summary;
