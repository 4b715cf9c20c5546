//! The names the section's three programs and its markup share: each written once, in
//! [`name!`], from which every `pub const` here is built, as is markup written at compile time
//! (`concat!`), so a name costs the page no code to assemble. The places in the section's markup
//! the page and the tests find are [`place`]'s selectors.
/// Each name the protocol gives the page's markup or another program, as a literal. Every
/// `pub const` here is built from one of these, and markup written at compile time (`concat!`,
/// here and in the section's first load) spells a name only through this macro: each name is
/// written once, and costs the page no code to assemble.
macro_rules! name {
    // The section's actions, and what the download buttons name.
    (action_attribute) => {
        "data-action"
    };
    (read_files) => {
        "read-files"
    };
    (read_pasted) => {
        "read-pasted"
    };
    (choose_run) => {
        "choose-run"
    };
    (download) => {
        "download"
    };
    (read_sample) => {
        "read-sample"
    };
    (fit) => {
        "fit"
    };
    (residuals) => {
        "residuals"
    };
    (use_as) => {
        "use-as"
    };
    (compare_pair) => {
        "compare-pair"
    };
    (compare) => {
        "compare"
    };
    (compare_csv) => {
        "compare-csv"
    };
    (calibrate) => {
        "calibrate"
    };
    // The places in the section's markup.
    (paste_box) => {
        "import-paste"
    };
    (progress_bar) => {
        "import-progress"
    };
    (progress_line) => {
        "import-progress-box"
    };
    (busy_line) => {
        "import-status"
    };
    (refusal) => {
        "import-error"
    };
    (results) => {
        "import-results"
    };
    (applied_note) => {
        "import-applied"
    };
    (percentile_choice) => {
        "import-percentile"
    };
    (compare_place) => {
        "compare-results"
    };
    (calibration_place) => {
        "fit-calibration"
    };
    (run_side_a) => {
        "a-run"
    };
    (run_side_b) => {
        "b-run"
    };
    // The worker's messages' tags.
    (ready) => {
        "ready"
    };
    (read) => {
        "read"
    };
    (progress) => {
        "progress"
    };
    (draw) => {
        "draw"
    };
    (drawn) => {
        "drawn"
    };
    (export) => {
        "export"
    };
    (file) => {
        "file"
    };
    (deployment) => {
        "deployment"
    };
    (compared) => {
        "compared"
    };
}
pub(crate) use name;

/// ` data-action="…"` for a start tag written at compile time, from the action's [`name!`].
macro_rules! action_attribute {
    ($action:ident) => {
        concat!(
            " ",
            $crate::measurements::protocol::name!(action_attribute),
            "=\"",
            $crate::measurements::protocol::name!($action),
            "\""
        )
    };
}
pub(crate) use action_attribute;

// The `<meta>` naming the worker's script (named by its content at build time) is the
// contract's (`shared_names`), which the build step and the page share.
pub use crate::shared_names::files::WORKER_META_SELECTOR;
/// The attribute that names what an element of the section does when used ([`Action`]).
pub const ACTION_ATTRIBUTE: &str = name!(action_attribute);
/// The sample run's button: the page fetches the sample itself and hands it on as
/// [`Action::ReadFiles`].
pub const READ_SAMPLE: &str = name!(read_sample);
/// The buttons with an action.
pub const BUTTON_ACTION_SELECTOR: &str = concat!("button[", name!(action_attribute), "]");

/// The places in the page's markup of the section that its code and the tests find, as
/// selectors: the paste box, the progress bar and its line (hidden while nothing is read), the
/// busy line, the refusal, the list of runs with the chosen run's results, and what "Use these
/// rates" did.
pub mod place {
    pub const PASTE: &str = concat!("#", name!(paste_box));
    pub const PROGRESS: &str = concat!("#", name!(progress_bar));
    pub const PROGRESS_LINE: &str = concat!("#", name!(progress_line));
    pub const BUSY: &str = concat!(".", name!(busy_line));
    pub const ERROR: &str = concat!(".", name!(refusal));
    pub const RESULTS: &str = concat!(".", name!(results));
    pub const APPLIED: &str = concat!(".", name!(applied_note));
    /// The TTFT percentile chosen beside "Use as A" and "Use as B".
    pub const PERCENTILE: &str = concat!("#", name!(percentile_choice));
    /// Where the comparison of two runs goes, in the deployments lab (present only while both
    /// of its deployments come from runs and its crossover may be shown).
    pub const COMPARE: &str = concat!(".", name!(compare_place));
    /// The line under each side of the lab naming the run it comes from, A's then B's.
    pub const RUN_SIDES: [&str; 2] =
        [concat!("#", name!(run_side_a)), concat!("#", name!(run_side_b))];
    /// The comparison table's CSV button, in that place.
    pub const COMPARE_CSV: &str =
        concat!("[", name!(action_attribute), "=\"", name!(compare_csv), "\"]");
    /// Where the chosen run's efficiencies on the chip section's setting go, in its results.
    pub const CALIBRATION: &str = concat!(".", name!(calibration_place));
}
