//! The names that two programs share, written once: the page (`ui`), the build steps (`site`),
//! the measurements worker (the `crossover-worker` crate), and the scripts no Rust compiles
//! (`src/boot.js`, `src/embed.js`, the browser tests). Each program finds the other's file,
//! element, attribute, event or global by one of these strings; a name written twice can be
//! renamed once and fail only in a browser, far from the change.
//!
//! It sits at the bottom of the crate and imports nothing, so every layer and the worker crate
//! (which depends on this crate for the lesson core) can use it on any target, and no layer has
//! to reach upward for a name. The scripts cannot import it: the tests at the end of this file
//! read them and check that they spell each name they rely on as it is written here.
//!
//! A selector is written out beside its name (by `concat!`, so still once): a selector built at
//! run time costs code in the wasm.

/// A name, and the attribute selector for the elements that carry it.
macro_rules! attribute {
    ($(#[$doc:meta])* $name:ident, $selector:ident = $value:literal) => {
        $(#[$doc])*
        pub const $name: &str = $value;
        #[doc = concat!("The elements carrying `", $value, "`.")]
        pub const $selector: &str = concat!("[", $value, "]");
    };
}

/// A `<meta>` name the build writes into the page, and the selector for that `<meta>`.
macro_rules! meta {
    ($(#[$doc:meta])* $name:ident, $selector:ident = $value:literal) => {
        $(#[$doc])*
        pub const $name: &str = $value;
        #[doc = concat!("The `<meta>` named `", $value, "`.")]
        pub const $selector: &str = concat!("meta[name=", $value, "]");
    };
}

/// The built files the page starts and fetches, and how the page learns their hashed names.
pub mod files {
    meta! {
        /// The `<meta>` that holds the page's wasm address (`content`) and integrity hash, written
        /// by the build in place of trunk's preload link (`site::deferred_wasm`) and read by
        /// `boot.js`, which fetches the wasm once the lesson is painted.
        WASM_META, WASM_META_SELECTOR = "crossover-wasm"
    }
    /// The attribute of [`WASM_META`] and [`WORKER_META`] holding the integrity hash of the file
    /// it names (`dataset.integrity` in `boot.js`).
    pub const META_INTEGRITY: &str = "data-integrity";

    /// The measurements worker: its crate and trunk's name for its output
    /// (index.html's `data-bin`), the start of its hashed file names (`site::worker_files`),
    /// and files the size check counts apart from the first load (xtask's `size.rs`).
    pub const WORKER: &str = "crossover-worker";
    meta! {
        /// The `<meta>` naming the worker's hashed script, written by `site::worker_files` and
        /// read by the page when a reader first loads a file.
        WORKER_META, WORKER_META_SELECTOR = "crossover-worker"
    }
    /// The global where the worker's script leaves the promise of its wasm's exported
    /// functions (`site::worker_files` writes the line; the tests weigh the worker's memory
    /// through it).
    pub const MEASUREMENTS_PROMISE: &str = "crossoverMeasurements";

    /// The start of the names of the page's parts fetched when reached (`site::split_parts`),
    /// which the size check counts apart from the first load (xtask's `size.rs`).
    pub const PART: &str = "part-";
    /// The start of the name of the script that fetches them (`site::split_parts`).
    pub const PARTS_SCRIPT: &str = "parts-";

    /// The embedded figure's own page, beside index.html: the same page without the lesson
    /// written into it (`site::embed_page`). The host script's frames open it (`embed.js`), and
    /// the size check weighs it as the embed's first load (xtask's `size.rs`).
    pub const EMBED_PAGE: &str = "embed.html";

    /// The review workbench's own page, beside index.html: the workbench written in at build
    /// time in place of the lesson (`site::workbench_page`). `boot.js` sends a link to the
    /// workbench on index.html there, and the size check weighs it apart from the lesson's.
    pub const WORKBENCH_PAGE: &str = "workbench.html";

    /// The sample run the measurements section offers to try without a file: the start of its
    /// hashed name in the build (`site::sample_run`), and of the files the size check counts
    /// apart from the first load (xtask's `size.rs`).
    pub const SAMPLE_RUN: &str = "sample-run";
    /// The name of the bundled result file trunk copies into the build, which the sample run is
    /// (index.html's `copy-file` link, and the file name the section reads it under).
    pub const SAMPLE_RUN_SOURCE: &str = "llmperf_individual__leaderboard_anyscale_70b.json";
    meta! {
        /// The `<meta>` naming the sample run's hashed file (`content`) with its integrity hash
        /// ([`META_INTEGRITY`]), written by `site::sample_run` and read by the section when a
        /// reader asks for the sample.
        SAMPLE_META, SAMPLE_META_SELECTOR = "crossover-sample"
    }

    /// The start of the name of the folder holding the embedded figures drawn by the build at
    /// their defaults (`site::embed_sketches`), named by its content; the size check counts its
    /// files apart from the first load (xtask's `size.rs`).
    pub const SKETCHES: &str = "sketches-";
    meta! {
        /// The `<meta>` on the embed's page naming that folder (`content`) and the widths each
        /// figure is drawn at (`data-widths`), written by `site::embed_sketches` and read by
        /// `boot.js`, which shows the drawing that fits the frame until the canvas is drawn.
        SKETCHES_META, SKETCHES_META_SELECTOR = "crossover-sketches"
    }
    /// The attribute of [`SKETCHES_META`] listing the widths drawn, in CSS pixels, between
    /// spaces (`dataset.widths` in `boot.js`).
    pub const SKETCH_WIDTHS: &str = "data-widths";

    attribute! {
        /// Marks index.html's inert `<script>` of the embed host script (`embed.js`), whose hashed
        /// address and integrity the Embed button copies into its snippet.
        HOST_SCRIPT, HOST_SCRIPT_SELECTOR = "data-host-script"
    }
}

/// Custom properties of the stylesheet that the page reads.
pub mod style {
    /// The share of a phone's screen a lab's open strip may cover (`style/main.css` sets it on
    /// `:root`; `ui::dom` reads it).
    pub const STRIP_SHARE: &str = "--strip-share";
}

/// Attributes of the root element (`<html>`), where the page states what scripts, the
/// stylesheet and the worker may read or wait on.
pub mod root {
    /// `boot.js` has run: the stylesheet then never shows the note that says it did not.
    pub const STARTED: &str = "data-started";
    /// Every section of the page is built: scripts (and the browser tests) wait on it for the
    /// whole page rather than its first screen.
    pub const COMPLETE: &str = "data-complete";
    /// Sections are built only as the reader nears them (`ui::arrival`): a script that needs the
    /// whole page scrolls through it.
    pub const BUILDS_ON_APPROACH: &str = "data-builds-on-approach";
    /// A rewrite of the address bar is still due: scripts that read the address wait for it to
    /// go.
    pub const URL_PENDING: &str = "data-url-pending";
    /// The page shows one embedded figure, for the stylesheet's margins. On the root rather than
    /// a `body:has(…)` rule: with that rule, every node a stage inserts anywhere (a table's rows)
    /// makes the browser restyle the body, before the figure's first label can be drawn.
    pub const EMBED: &str = "data-embed";
    /// Presentation mode, for the stylesheet, for the same reason as [`EMBED`].
    pub const PRESENT: &str = "data-present";
    /// The review workbench's door is open: set by the app as it mounts the workbench.
    pub const WORKBENCH: &str = "data-workbench";
    /// The page is the workbench's own (`workbench.html`): written on its root by the build, and
    /// read by `boot.js` and the app, which open the workbench there whatever the address says.
    pub const WORKBENCH_PAGE: &str = "data-workbench-page";
    /// The address asks for something other than the defaults (any key but a theme): set by
    /// `boot.js` before the first paint; the stylesheet then hides the figure the build drew at
    /// the defaults (`render::sketch`).
    pub const ASKED: &str = "data-asked";
    /// `light` or `dark`: set by `boot.js` before the first paint, kept by the page, read by the
    /// stylesheet and the worker, which draws the run's figures in the page's palette.
    pub const THEME: &str = "data-theme";
}

/// What a figure's canvas says of its drawing, for scripts that read its pixels (the browser
/// tests): a canvas is drawn at the next animation frame after its inputs change, or once the
/// controls are still when it is off screen, so pixels read before then are the last drawing.
pub mod figure {
    /// On a figure's canvas once it has been drawn at least once, whether by the page or by the
    /// measurements worker (a run's figures).
    pub const DRAWN: &str = "data-drawn";
    /// On a figure's canvas while what it shows has changed since it was last drawn: gone once
    /// the drawing is current.
    pub const STALE: &str = "data-stale";
}

/// The takeover of the lesson written at build time by the live page (`ui::arrival`).
pub mod takeover {
    /// index.html's element holding the lesson written at build time (`site::prerender` fills
    /// it; `boot.js` drops it for a single figure or disables it if the wasm fails).
    pub const PRERENDERED_ID: &str = "prerendered";
    /// The element the live page is built in, beside [`PRERENDERED_ID`] until it takes over.
    pub const MOUNT_ID: &str = "app";
    attribute! {
        /// Marks a container whose children are built in stages: at the takeover, its
        /// prerendered children not yet built live move into its live twin and stand in.
        STAGED, STAGED_SELECTOR = "data-takeover"
    }
    attribute! {
        /// Carried by a prerendered node still standing in for its live twin: its place among
        /// its container's children.
        STANDING_IN, STANDING_IN_SELECTOR = "data-prerendered"
    }
    attribute! {
        /// Names a block of fixed prose, on its wrapper in both renders: the live page copies
        /// its children from the prerendered wrapper of the same name (`ui::arrival::prose`).
        PROSE, PROSE_SELECTOR = "data-prose"
    }
    attribute! {
        /// Marks a live prose wrapper whose name the prerendered lesson did not hold: left
        /// empty, which the browser tests look for.
        PROSE_MISSING, PROSE_MISSING_SELECTOR = "data-prose-missing"
    }
}

/// Embedding a figure in another site (`embed.js`, the host's side).
pub mod embed {
    /// The custom element the host script defines and the Embed snippet writes.
    pub const ELEMENT: &str = "crossover-figure";
    /// The `type` of the message an embedded figure posts to its host with its height.
    pub const HEIGHT_MESSAGE: &str = "crossover:height";
    /// The longest query, in characters, that the host script sends and the page reads: more
    /// than any server takes in an address, and far more than every setting needs.
    pub const MAX_QUERY_CHARS: usize = 8_000;
    /// The id of the drawing `boot.js` shows where an embedded figure's canvas will be, before
    /// the wasm has arrived (`files::SKETCHES_META`); the page removes it once the canvas is
    /// drawn, and at once if the address needed a notice, which moves the canvas down.
    pub const STAND_IN_ID: &str = "embed-sketch";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The files no Rust compiles, each with the names it relies on.
    fn scripts() -> Vec<(&'static str, &'static str, Vec<&'static str>)> {
        vec![
            (
                "src/boot.js",
                include_str!("boot.js"),
                vec![
                    root::STARTED,
                    root::WORKBENCH_PAGE,
                    files::WORKBENCH_PAGE,
                    files::WASM_META,
                    takeover::PRERENDERED_ID,
                    takeover::MOUNT_ID,
                    files::SKETCHES_META,
                    embed::STAND_IN_ID,
                ],
            ),
            ("src/embed.js", include_str!("embed.js"), vec![embed::ELEMENT, embed::HEIGHT_MESSAGE]),
            (
                "tests/e2e/helpers.mjs",
                include_str!("../tests/e2e/helpers.mjs"),
                vec![
                    root::COMPLETE,
                    root::BUILDS_ON_APPROACH,
                    root::URL_PENDING,
                    takeover::PRERENDERED_ID,
                    takeover::MOUNT_ID,
                    figure::DRAWN,
                    figure::STALE,
                ],
            ),
            (
                "tests/e2e/prerender.test.mjs",
                include_str!("../tests/e2e/prerender.test.mjs"),
                vec![
                    root::COMPLETE,
                    root::BUILDS_ON_APPROACH,
                    takeover::PRERENDERED_ID,
                    takeover::MOUNT_ID,
                    takeover::STANDING_IN,
                    takeover::PROSE,
                    takeover::PROSE_MISSING,
                ],
            ),
            (
                "tests/e2e/import.test.mjs",
                include_str!("../tests/e2e/import.test.mjs"),
                vec![files::WORKER, files::WORKER_META],
            ),
            (
                "index.html",
                include_str!("../index.html"),
                vec![
                    files::WORKER,
                    files::HOST_SCRIPT,
                    files::SAMPLE_RUN_SOURCE,
                    takeover::PRERENDERED_ID,
                    root::THEME,
                ],
            ),
            (
                "style/main.css",
                include_str!("../style/main.css"),
                vec![root::THEME, root::ASKED, root::EMBED, root::PRESENT, embed::STAND_IN_ID],
            ),
            (
                "xtask/src/size.rs",
                include_str!("../xtask/src/size.rs"),
                vec![files::WORKER, files::SAMPLE_RUN, files::PART, files::SKETCHES],
            ),
            (
                "tests/e2e/sample.test.mjs",
                include_str!("../tests/e2e/sample.test.mjs"),
                vec![files::SAMPLE_RUN, files::SAMPLE_META],
            ),
        ]
    }

    /// Every name each file relies on is spelt there as here, whether as an attribute, an id or
    /// a string.
    #[test]
    fn the_stylesheet_sets_what_the_page_reads_of_it() {
        let css = include_str!("../style/main.css");
        assert!(css.contains(&format!("{}: ", style::STRIP_SHARE)), "style/main.css sets it");
    }

    #[test]
    fn the_host_script_and_the_page_read_queries_up_to_one_length() {
        let line = format!("const MAX_QUERY_CHARS = {};", embed::MAX_QUERY_CHARS);
        assert!(include_str!("embed.js").contains(&line), "src/embed.js: {line}");
        assert!(include_str!("boot.js").contains(&line), "src/boot.js: {line}");
    }

    #[test]
    fn the_scripts_spell_each_name_as_the_contract_does() {
        for (path, script, names) in scripts() {
            for name in names {
                assert!(
                    script.contains(name),
                    "{path} does not use `{name}`: renamed on one side?"
                );
            }
        }
        // Read through the element's dataset, where the attribute is camel-cased.
        let boot = include_str!("boot.js");
        let integrity = files::META_INTEGRITY.trim_start_matches("data-");
        assert!(boot.contains(&format!("dataset.{integrity}")), "boot.js reads the wasm's hash");
        let theme = root::THEME.trim_start_matches("data-");
        assert!(boot.contains(&format!("dataset.{theme} = 'dark'")), "boot.js sets the theme");
        let asked = root::ASKED.trim_start_matches("data-");
        assert!(boot.contains(&format!("dataset.{asked} = ''")), "boot.js marks an asking address");
        let widths = files::SKETCH_WIDTHS.trim_start_matches("data-");
        assert!(boot.contains(&format!("dataset.{widths}")), "boot.js reads the drawn widths");
    }

    /// The `data-*` attributes and `crossover…` names the page's own scripts use are all in the
    /// contract: a new shared name is added here, not just there.
    #[test]
    fn the_page_scripts_use_no_shared_name_outside_the_contract() {
        let known = [
            files::WASM_META,
            files::META_INTEGRITY,
            files::WORKER,
            files::MEASUREMENTS_PROMISE,
            files::HOST_SCRIPT,
            files::SKETCHES_META,
            files::SKETCH_WIDTHS,
            root::STARTED,
            root::COMPLETE,
            root::BUILDS_ON_APPROACH,
            root::URL_PENDING,
            root::EMBED,
            root::PRESENT,
            root::WORKBENCH,
            root::WORKBENCH_PAGE,
            root::THEME,
            root::ASKED,
            takeover::STAGED,
            takeover::STANDING_IN,
            embed::ELEMENT,
            embed::HEIGHT_MESSAGE,
            embed::STAND_IN_ID,
        ];
        for (path, script) in
            [("src/boot.js", include_str!("boot.js")), ("src/embed.js", include_str!("embed.js"))]
        {
            for name in shared_looking_names(script) {
                assert!(
                    known.contains(&name.as_str()),
                    "{path} uses `{name}`, which is not in the contract"
                );
            }
        }
    }

    /// The names in `script` that look shared: `data-…` attributes (and `dataset.…` reads of
    /// them) and `crossover-…` or `crossover:…` names.
    fn shared_looking_names(script: &str) -> Vec<String> {
        let is_name = |c: char| c.is_ascii_alphanumeric() || c == '-';
        let word_at = |at: usize| script[at..].split(|c: char| !is_name(c)).next().unwrap_or("");
        let mut found = Vec::new();
        for (at, _) in script.match_indices("data-") {
            found.push(word_at(at).to_owned());
        }
        for (at, prefix) in script.match_indices("dataset.") {
            let camel = word_at(at + prefix.len());
            let kebab: String = camel
                .chars()
                .flat_map(|c| {
                    let dash = c.is_ascii_uppercase().then_some('-');
                    dash.into_iter().chain(std::iter::once(c.to_ascii_lowercase()))
                })
                .collect();
            found.push(format!("data-{kebab}"));
        }
        for separator in ["crossover-", "crossover:"] {
            for (at, _) in script.match_indices(separator) {
                let rest = word_at(at + separator.len());
                if !rest.is_empty() {
                    found.push(format!("{separator}{rest}"));
                }
            }
        }
        found
    }

    /// Every root mark a browser test or the benchmark waits on or reads is one the contract
    /// names: a mark renamed on the page alone would leave them waiting for nothing.
    #[test]
    fn the_tests_wait_only_on_root_marks_of_the_contract() {
        let marks = [
            root::STARTED,
            root::COMPLETE,
            root::BUILDS_ON_APPROACH,
            root::URL_PENDING,
            root::EMBED,
            root::PRESENT,
            root::WORKBENCH,
        ];
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut paths: Vec<_> = std::fs::read_dir(repo.join("tests/e2e"))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "mjs"))
            .collect();
        paths.push(repo.join("bench/run.mjs"));
        let mut seen = 0;
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            for reads in ["html[", "html:not([", "documentElement.hasAttribute('"] {
                for (at, _) in text.match_indices(reads) {
                    let mark = text[at + reads.len()..]
                        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                        .next()
                        .unwrap_or_default();
                    assert!(marks.contains(&mark), "{}: `{reads}{mark}`", path.display());
                    seen += 1;
                }
            }
            for (at, reads) in text.match_indices("documentElement.dataset.") {
                let key = text[at + reads.len()..]
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .next()
                    .unwrap_or_default();
                assert_eq!(format!("data-{key}"), root::THEME, "{}", path.display());
            }
        }
        assert!(seen > 10, "the tests wait on the root's marks {seen} times");
    }

    #[test]
    fn each_selector_selects_its_name() {
        assert_eq!(takeover::STAGED_SELECTOR, format!("[{}]", takeover::STAGED));
        assert_eq!(takeover::STANDING_IN_SELECTOR, format!("[{}]", takeover::STANDING_IN));
        assert_eq!(files::HOST_SCRIPT_SELECTOR, format!("[{}]", files::HOST_SCRIPT));
        assert_eq!(files::WORKER_META_SELECTOR, format!("meta[name={}]", files::WORKER_META));
        assert_eq!(files::WASM_META_SELECTOR, format!("meta[name={}]", files::WASM_META));
    }
}
