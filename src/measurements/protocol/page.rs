//! The downloads of a loaded run ([`RunFile`]): named by the page, written by the worker.

use super::names::name;

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
    /// How an export request names the file: `fit`, `residuals` or `<slug>.<extension>`.
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

    /// The media type the page saves it as: what it is, whoever wrote its contents.
    pub fn media_type(&self) -> &'static str {
        match self {
            RunFile::Fit | RunFile::Residuals => "text/csv",
            RunFile::Figure { format: FigureFormat::Csv, .. } => "text/csv",
            RunFile::Figure { format: FigureFormat::Svg, .. } => "image/svg+xml",
            RunFile::Figure { format: FigureFormat::Png, .. } => "image/png",
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
