//! Where a published figure comes from: a document a reader can open and check.

/// A vendor data sheet or a model's published configuration, by name and address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    /// The document's own title, as a link text.
    pub name: &'static str,
    pub url: &'static str,
}
