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
}

impl Figure {
    pub const ALL: [Figure; 5] =
        [Figure::Timeline, Figure::Crossing, Figure::Completion, Figure::Lengths, Figure::Roofline];

    /// Short name used in element ids, file names and `?embed=`.
    pub fn slug(self) -> &'static str {
        match self {
            Figure::Timeline => "timeline",
            Figure::Crossing => "crossing",
            Figure::Completion => "completion",
            Figure::Lengths => "lengths",
            Figure::Roofline => "roofline",
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
        match self {
            Figure::Timeline => &TIMELINE,
            Figure::Crossing => &CROSSING,
            Figure::Completion => &Param::DEPLOYMENTS,
            Figure::Lengths => &LENGTHS,
            Figure::Roofline => &Param::SERVING,
        }
    }
}
