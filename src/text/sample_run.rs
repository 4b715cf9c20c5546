//! What the measurements section says about its sample run while it is fetched, or when it
//! cannot be.

/// While the sample is on its way.
pub const SAMPLE_RUN_FETCHING: &str = "Fetching the sample run…";

/// When the sample cannot be fetched, or is not the file the page was built with.
pub const SAMPLE_RUN_FAILED: &str = "The sample run could not be fetched, or was not the file this page was built with; loading a file of your own still works.";
