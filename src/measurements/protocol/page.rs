//! What the section's controls do ([`Action`], named by an element's
//! [`ACTION_ATTRIBUTE`](super::ACTION_ATTRIBUTE) in the markup built from the worker's data) and
//! the downloads they name ([`RunFile`]), which the worker writes.

use super::names::name;

/// What an element of the section does, as its [`ACTION_ATTRIBUTE`](super::ACTION_ATTRIBUTE)
/// says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The file picker (and files dropped on the section, handed on as if chosen there).
    ReadFiles,
    /// The paste box's button.
    ReadPasted,
    /// The list of loaded runs.
    ChooseRun,
    /// A download of the chosen run: the button's `value` is a [`RunFile`]'s name.
    Download,
    /// "Use as A" or "Use as B": the button's `value` is `a` or `b`.
    UseAs,
    /// "Compare these as A and B", offered when two files were chosen or dropped at once: the
    /// button's `value` is the two runs' ids, `a,b`.
    ComparePair,
    /// "Set MFU and MBU from this run": the chip section's efficiencies from the chosen run.
    Calibrate,
}

impl Action {
    pub const ALL: [Action; 7] = [
        Action::ReadFiles,
        Action::ReadPasted,
        Action::ChooseRun,
        Action::Download,
        Action::UseAs,
        Action::ComparePair,
        Action::Calibrate,
    ];

    /// The attribute's value.
    pub const fn name(self) -> &'static str {
        match self {
            Action::ReadFiles => name!(read_files),
            Action::ReadPasted => name!(read_pasted),
            Action::ChooseRun => name!(choose_run),
            Action::Download => name!(download),
            Action::UseAs => name!(use_as),
            Action::ComparePair => name!(compare_pair),
            Action::Calibrate => name!(calibrate),
        }
    }

    pub fn from_name(name: &str) -> Option<Action> {
        Some(match name {
            name!(read_files) => Action::ReadFiles,
            name!(read_pasted) => Action::ReadPasted,
            name!(choose_run) => Action::ChooseRun,
            name!(download) => Action::Download,
            name!(use_as) => Action::UseAs,
            name!(compare_pair) => Action::ComparePair,
            name!(calibrate) => Action::Calibrate,
            _ => return None,
        })
    }
}

/// A download of a loaded run. A figure's PNG is its canvas as the page shows it; the worker
/// writes every other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunFile {
    /// The fitted numbers as CSV.
    Fit,
    /// Each request's residual as CSV.
    Residuals,
    /// A figure, by its slug (`charts::measured::RunFigure::slug`).
    Figure { slug: String, format: FigureFormat },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureFormat {
    Png,
    Svg,
    /// The figure's data table.
    Csv,
}

impl FigureFormat {
    pub const ALL: [FigureFormat; 3] = [FigureFormat::Png, FigureFormat::Svg, FigureFormat::Csv];

    /// The file name's extension.
    pub const fn extension(self) -> &'static str {
        match self {
            FigureFormat::Png => "png",
            FigureFormat::Svg => "svg",
            FigureFormat::Csv => "csv",
        }
    }

    /// The name of the format on its button.
    pub const fn label(self) -> &'static str {
        match self {
            FigureFormat::Png => "PNG",
            FigureFormat::Svg => "SVG",
            FigureFormat::Csv => "CSV",
        }
    }
}

const FIT: &str = name!(fit);
const RESIDUALS: &str = name!(residuals);

impl RunFile {
    /// How a download button (its `value`) and an export request name the file: `fit`,
    /// `residuals` or `<slug>.<extension>`.
    pub fn name(&self) -> String {
        match self {
            RunFile::Fit => FIT.to_string(),
            RunFile::Residuals => RESIDUALS.to_string(),
            RunFile::Figure { slug, format } => format!("{slug}.{}", format.extension()),
        }
    }

    pub fn from_name(name: &str) -> Option<RunFile> {
        match name {
            FIT => Some(RunFile::Fit),
            RESIDUALS => Some(RunFile::Residuals),
            _ => FigureFormat::ALL.into_iter().find_map(|format| {
                let slug = name.strip_suffix(format.extension())?.strip_suffix('.')?;
                Some(RunFile::Figure { slug: slug.to_string(), format })
            }),
        }
    }

    /// The name the file is saved under: the run's `stem` (`crossover-vllm`), then what it is.
    pub fn file_name(&self, stem: &str) -> String {
        let csv = if matches!(self, RunFile::Figure { .. }) { "" } else { ".csv" };
        format!("{stem}-{}{csv}", self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_have_one_name_each() {
        for (i, action) in Action::ALL.into_iter().enumerate() {
            assert_eq!(Action::from_name(action.name()), Some(action));
            assert!(Action::ALL.iter().skip(i + 1).all(|a| a.name() != action.name()));
        }
        assert_eq!(Action::from_name("import-apply"), None);
    }

    #[test]
    fn run_files_read_back_from_their_names_and_are_saved_under_the_runs_stem() {
        let figure = |format| RunFile::Figure { slug: "fit-ttft".to_string(), format };
        let mut files = vec![RunFile::Fit, RunFile::Residuals];
        files.extend(FigureFormat::ALL.map(figure));
        for file in &files {
            assert_eq!(RunFile::from_name(&file.name()).as_ref(), Some(file));
        }
        let saved: Vec<String> = files.iter().map(|f| f.file_name("crossover-vllm")).collect();
        assert_eq!(
            saved,
            [
                "crossover-vllm-fit.csv",
                "crossover-vllm-residuals.csv",
                "crossover-vllm-fit-ttft.png",
                "crossover-vllm-fit-ttft.svg",
                "crossover-vllm-fit-ttft.csv",
            ]
        );
        for name in ["", "fit-ttft", "fit-ttft.pdf", "fit-ttft.PNG"] {
            assert_eq!(RunFile::from_name(name), None, "{name}");
        }
    }
}
