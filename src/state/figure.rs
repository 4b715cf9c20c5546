//! Which figure: the page's five figures by name, so the URL's view keys, the canvas host,
//! export and tests can refer to one without depending on how it is drawn (`charts` adds that).

use super::Param;

/// The figures of the page, so the canvas host, export and tests can name and draw any of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Figure {
    Timeline,
    Crossing,
    Completion,
    Lengths,
    Roofline,
    /// A reader of the answer, streamed and not.
    Streaming,
    /// The deeper model's curves beside the straight lines.
    Bend,
    /// One first token on the three clocks in use.
    Clocks,
}

impl Figure {
    /// In the order the lesson shows them, which numbers them.
    pub const ALL: [Figure; 8] = [
        Figure::Timeline,
        Figure::Crossing,
        Figure::Streaming,
        Figure::Roofline,
        Figure::Completion,
        Figure::Lengths,
        Figure::Bend,
        Figure::Clocks,
    ];

    /// Its number on the page, in reading order: its place in [`Figure::ALL`], from 1. Every
    /// caption, table and sentence that names a figure takes it from here.
    pub fn number(self) -> usize {
        Figure::ALL.iter().position(|f| *f == self).map_or(0, |i| i + 1)
    }

    /// "Figure 5", as captions, tables and sentences name it.
    pub fn name(self) -> String {
        format!("Figure {}", self.number())
    }

    /// Short name used in element ids, file names and `?embed=`.
    pub fn slug(self) -> &'static str {
        match self {
            Figure::Timeline => "timeline",
            Figure::Crossing => "crossing",
            Figure::Completion => "completion",
            Figure::Lengths => "lengths",
            Figure::Roofline => "roofline",
            Figure::Streaming => "streaming",
            Figure::Bend => "bend",
            Figure::Clocks => "clocks",
        }
    }

    /// Title used in captions, exports and embeds.
    pub fn title(self) -> &'static str {
        match self {
            Figure::Timeline => "One request on a clock",
            Figure::Crossing => "Where reading the prompt overtakes writing the answer",
            Figure::Completion => "Two deployments racing to the last token",
            Figure::Lengths => "Answer lengths on either side of the crossover",
            Figure::Roofline => "Prefill and decode under the roof of the chip",
            Figure::Streaming => "A person reading the answer, streamed and not",
            Figure::Bend => "Where the straight lines bend",
            Figure::Clocks => "One first token on three clocks",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.slug() == slug)
    }

    /// The few controls that move this figure, which an embed or a presentation shows unless
    /// its link chooses others (`controls=`).
    pub fn own_controls(self) -> &'static [Param] {
        const TIMELINE: [Param; 6] = [
            Param::Prompt,
            Param::Output,
            Param::Prefill,
            Param::Decode,
            Param::Wait,
            Param::Reading,
        ];
        const CROSSING: [Param; 4] = [Param::Prompt, Param::Output, Param::Prefill, Param::Decode];
        const LENGTHS: [Param; 7] = [
            Param::ATtft,
            Param::ARate,
            Param::BTtft,
            Param::BRate,
            Param::Median,
            Param::P90,
            Param::Threshold,
        ];
        const BEND: [Param; 4] =
            [Param::Prompt, Param::Output, Param::AttentionKnee, Param::KvKnee];
        match self {
            Figure::Timeline => &TIMELINE,
            Figure::Crossing => &CROSSING,
            Figure::Completion => &Param::DEPLOYMENTS,
            Figure::Lengths => &LENGTHS,
            Figure::Roofline => &Param::SERVING,
            Figure::Streaming => &Param::STREAMING,
            Figure::Bend => &BEND,
            Figure::Clocks => &Param::CLOCKS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Figure;

    /// `boot.js` removes the lesson written at build time for a link to one figure, before the
    /// app starts: it must know the same figures the app does.
    #[test]
    fn figures_are_numbered_in_reading_order_from_one() {
        let numbers: Vec<usize> = Figure::ALL.iter().map(|f| f.number()).collect();
        assert_eq!(numbers, (1..=Figure::ALL.len()).collect::<Vec<_>>());
        assert_eq!(Figure::Completion.name(), "Figure 5");
    }

    #[test]
    fn the_start_script_knows_every_figure_a_link_may_show() {
        let boot = include_str!("../boot.js");
        let slugs: Vec<String> = Figure::ALL.iter().map(|f| format!("'{}'", f.slug())).collect();
        let line = format!("const FIGURES = [{}];", slugs.join(", "));
        assert!(boot.contains(&line), "src/boot.js should say: {line}");
    }
}
