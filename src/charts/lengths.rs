//! Figure 6: how answer lengths spread, against the crossover. The log-normal the reader sets is
//! drawn as bars, one per doubling of length on a log axis, each coloured by the deployment that
//! finishes those answers first; the crossover and the router's threshold are marked.

use super::completion::{crossover_elsewhere_text, draw_region_tints, ink, regions};
use super::label::{self, Spot};
use super::legend::LegendItem;
use super::plane::{draw_axes, log_fraction, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{backdrop, draw_placed, draw_region_name, Chart, DrawResult, Palette, Style};
use crate::format;
use crate::format::crossover_tokens_text;
use crate::model::deployments::{Comparison, Crossover, Which, Winner};
use crate::model::workload::{LengthDistribution, Router, Shares};
use crate::state::{Figure, State};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::HPos;

/// Everything the figure needs, as plain values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LengthsInputs {
    pub lengths: LengthDistribution,
    pub comparison: Comparison,
    pub router: Router,
    /// Whether the threshold follows the crossover (then it is not drawn a second time).
    pub route_at_crossover: bool,
}

impl Default for LengthsInputs {
    /// The lesson's support workload (median 40, p90 900) against the lesson's pair.
    fn default() -> Self {
        let comparison = Comparison::LESSON;
        LengthsInputs {
            lengths: LengthDistribution::LESSON,
            comparison,
            router: Router::at_crossover(&comparison, 0.0),
            route_at_crossover: true,
        }
    }
}

impl Chart for LengthsInputs {
    type Input = State;

    fn of(state: &State) -> LengthsInputs {
        LengthsInputs {
            lengths: state.lengths(),
            // The pair at the hour the lab decides for, as the router and the decision use it.
            comparison: state.lab_comparison(),
            // Only the threshold is drawn or said: how wrong the router's guesses are belongs
            // to the routing part, and moving it must not redraw this figure.
            router: Router { error_sigma: 0.0, ..state.router() },
            route_at_crossover: state.route_at_crossover,
        }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let scales = Scales::of(self);
        let regions = regions(self.comparison.crossover(), scales.x_lo, scales.x_hi);
        let layout = Layout::figure(style, 60.0);
        let chart = backdrop(area, &self.legend(&style.palette), scales.plane(), layout, style)?;
        draw_region_tints(&chart, &regions, (0.0, scales.y_hi), &style.palette)?;
        axes(&chart, style)?;
        bars(&chart, &scales, style)?;
        // The crossover, and the router's threshold when it is set apart from it. Each label
        // goes beside its dashed line, on the side with more room first, lower down when
        // something is in the way, and shorter when the figure is too narrow for all of it.
        let mut taken = obstacles(chart.as_coord_spec(), self, &scales);
        crossover_mark(&chart, self, &scales, style, &mut taken)?;
        threshold_mark(&chart, self, &scales, style, &mut taken)?;
        region_shares(&chart, self, &regions, &scales, style, &mut taken)
    }

    /// The text alternative of the figure.
    fn summary(&self) -> String {
        let inputs = self;
        let d = &inputs.lengths;
        let p = d.length_percentiles();
        let shares = d.shares(&inputs.comparison);
        let spread = format!(
            "Answer lengths as bars, one per doubling of length, on a log axis: median {}, 90th percentile {}.",
            format::tokens(p.p50),
            format::tokens(p.p90)
        );
        let split = match inputs.comparison.crossover() {
            Crossover::At { tokens, below, .. } => {
                format!("The crossover at {} splits them: {}, {} taking the shorter ones.", crossover_tokens_text(tokens), shares_text(&shares), below.label())
            }
            Crossover::Never { faster } => format!("There is no crossover: {} is never the slower, so {} and a router has nothing to decide.", faster.label(), shares_text(&shares)),
            Crossover::Identical => "There is no crossover: the two deployments are the same, so every request finishes at the same moment on both.".to_string(),
        };
        let router = match inputs.threshold() {
            Some(t) => {
                let (short, long) = inputs.comparison.short_and_long_sides();
                let at = if inputs.route_at_crossover { " (the crossover)" } else { "" };
                format!(
                    " The router sends answers predicted shorter than {}{at} to {} and the rest to {}.",
                    crossover_tokens_text(t),
                    short.label(),
                    long.label()
                )
            }
            None => String::new(),
        };
        // The log-normal reaches below one token, where no bar is drawn; that share still
        // counts in the split above, so a reader adding up the bars is told where the rest is.
        let axis_start = edges(inputs).first().copied().unwrap_or(SHORTEST);
        let below_axis = d.cdf(axis_start);
        let off_axis = if below_axis >= 0.005 {
            format!(
                " The bars start at {}; the spread puts another {} of answers below that, counted in the split.",
                format::tokens(axis_start),
                share_text(below_axis)
            )
        } else {
            String::new()
        };
        format!("{spread} {split}{off_axis}{router}")
    }

    /// Figure 6's data: each bar's range, its share of requests and who finishes those first.
    fn table(&self) -> DataTable {
        let inputs = self;
        let rows = rows(inputs)
            .iter()
            .map(|b| {
                vec![
                    Cell::text(range_text(b)),
                    Cell::number(b.share, share_text(b.share)),
                    Cell::text(winner_text(&b.winner)),
                ]
            })
            .collect();
        DataTable {
            caption: format!(
                "{} as a table: answer lengths, one row per doubling",
                Figure::Lengths.name()
            ),
            headers: vec!["answer length", "share of requests", "finishes first"],
            rows,
            current_row: None,
        }
    }
}

impl LengthsInputs {
    /// The threshold as a length worth drawing: `None` when the router has nothing to split
    /// (no crossover) or its threshold is not a usable length.
    fn threshold(&self) -> Option<f64> {
        let (short, long) = self.comparison.short_and_long_sides();
        let t = self.router.threshold_tokens;
        (short != long && t.is_finite() && t > 0.0).then_some(t)
    }
}

impl LengthsInputs {
    /// Both deployments' colours, and the crossover's and the threshold's rules when drawn.
    fn legend(&self, p: &Palette) -> Vec<LegendItem> {
        let mut items = vec![
            LegendItem { name: "answers A finishes first", color: p.prefill, dashed: false },
            LegendItem { name: "answers B finishes first", color: p.decode, dashed: false },
        ];
        if self.comparison.crossover().tokens().is_some() {
            items.push(LegendItem { name: "crossover", color: p.marker, dashed: true });
        }
        if self.threshold().is_some() && !self.route_at_crossover {
            items.push(LegendItem { name: "router threshold", color: p.text, dashed: true });
        }
        items
    }

    /// The router's threshold when it is drawn apart from the crossover.
    fn threshold_apart(&self) -> Option<f64> {
        self.threshold().filter(|_| !self.route_at_crossover)
    }
}

/// The figure's scales: answer lengths across the bars (log), and the share of requests up
/// from zero, with room above the tallest bar for the region labels.
struct Scales {
    bars: Vec<Bin>,
    x_lo: f64,
    x_hi: f64,
    y_hi: f64,
}

impl Scales {
    fn of(inputs: &LengthsInputs) -> Scales {
        let bars = bins(inputs);
        let x_lo = bars.first().map(|b| b.from_tokens).unwrap_or(SHORTEST);
        let x_hi = bars.last().map(|b| b.to_tokens).unwrap_or(SHORTEST * 2.0);
        let tallest = bars.iter().map(|b| b.share).fold(0.0, f64::max);
        let y_hi = if tallest > 0.0 { tallest * 1.35 } else { 1.0 };
        Scales { bars, x_lo, x_hi, y_hi }
    }

    fn plane(&self) -> (Scale, Scale) {
        (Scale::Log(self.x_lo, self.x_hi), Scale::Linear(0.0, self.y_hi))
    }

    /// The crossover's length, when it falls on the axis.
    fn on_axis(&self, crossover: Crossover) -> Option<f64> {
        match crossover {
            Crossover::At { tokens, .. } if (self.x_lo..=self.x_hi).contains(&tokens) => {
                Some(tokens)
            }
            _ => None,
        }
    }

    /// Where a label beside a dashed rule at `x` may go, `heights` up the axis, on the side
    /// with more room first.
    fn beside(&self, plane: &Plane, x: f64, heights: [f64; 4], style: &Style) -> Vec<Spot> {
        let ys = heights.map(|h| plane.px((x, self.y_hi * h)).1);
        let right_first = log_fraction(x, self.x_lo, self.x_hi) < 0.6;
        label::beside_vertical(plane.px((x, 0.0)).0, &ys, 4.0 * style.scale, right_first)
    }
}

fn axes<DB: DrawingBackend>(chart: &DrawingArea<DB, Plane>, style: &Style) -> DrawResult<DB> {
    let axes = Axes {
        x_desc: "answer length (tokens, log scale)",
        y_desc: "share of requests per bar",
        x_ticks: 8,
        y_ticks: 5,
        x_label: &|x| format::short_count(x, 3),
        y_label: &|y| format::percent(y),
        x_grid: false,
        y_grid: true,
    };
    draw_axes(chart, &axes, style)
}

/// The bars, each in the colour of who finishes those answers first, split in colour where
/// the crossover passes through one.
fn bars<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    let color = |which: Which| ink(&p, which);
    let gap = |from: f64, to: f64| ((to / from).powf(0.06), (to / from).powf(0.94));
    for bar in &scales.bars {
        let (l, r) = gap(bar.from_tokens, bar.to_tokens);
        let (left, right) = (bar.from_tokens * l, bar.from_tokens * r);
        let pieces: Vec<(f64, f64, RGBColor)> = match bar.winner {
            BinWinner::All(w) => vec![(left, right, w.which().map(color).unwrap_or(p.wait))],
            BinWinner::Split { below, above, at_tokens } => {
                let at = at_tokens.clamp(left, right);
                vec![(left, at, color(below)), (at, right, color(above))]
            }
        };
        for (from, to, ink) in pieces {
            if to > from && bar.share > 0.0 {
                let corners = [(from, 0.0), (to, bar.share)];
                chart.draw(&Rectangle::new(corners, ink.mix(0.85).filled()))?;
            }
        }
    }
    Ok(())
}

/// What the labels keep off, in pixels: the crossover's and the threshold's rules, and each
/// bar's top edge and sides, as a line.
fn obstacles(plane: &Plane, inputs: &LengthsInputs, scales: &Scales) -> Vec<Vec<(f64, f64)>> {
    let (x_lo, x_hi, y_hi) = (scales.x_lo, scales.x_hi, scales.y_hi);
    let mut lines: Vec<Vec<(f64, f64)>> = scales
        .on_axis(inputs.comparison.crossover())
        .map(|x| (x, y_hi))
        .into_iter()
        .chain(inputs.threshold_apart().map(|t| (t.clamp(x_lo, x_hi), y_hi * 0.8)))
        .map(|(x, top)| plane.px_line(&[(x, 0.0), (x, top)]))
        .collect();
    lines.extend(scales.bars.iter().filter(|bar| bar.share > 0.0).map(|bar| {
        plane.px_line(&[
            (bar.from_tokens, 0.0),
            (bar.from_tokens, bar.share),
            (bar.to_tokens, bar.share),
            (bar.to_tokens, 0.0),
        ])
    }));
    lines
}

/// The crossover as a dashed rule with its length (and that the router splits there), or where
/// it is (or why there is none) in words.
fn crossover_mark<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    inputs: &LengthsInputs,
    scales: &Scales,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let p = style.palette;
    let crossover = inputs.comparison.crossover();
    let Some(tokens) = scales.on_axis(crossover) else {
        return chart.draw(&Text::new(
            crossover_elsewhere_text(crossover, |_| "off the axis"),
            (scales.x_lo * 1.1, scales.y_hi * 0.84),
            style.label(12.0, p.marker, HPos::Left),
        ));
    };
    for seg in vertical_dashes(tokens, scales.y_hi) {
        chart.draw(&PathElement::new(seg, style.line(p.marker, 2.0)))?;
    }
    let routed = if inputs.route_at_crossover && inputs.threshold().is_some() {
        " = router threshold"
    } else {
        ""
    };
    let count = crossover_tokens_text(tokens);
    let (full, plain) = (format!("crossover{routed}: {count}"), format!("crossover: {count}"));
    let spots = scales.beside(chart.as_coord_spec(), tokens, [0.84, 0.72, 0.6, 0.48], style);
    let texts = [full.as_str(), plain.as_str(), count.as_str()];
    draw_placed(chart, &texts, &spots, (12.0, p.marker), style, lines)
}

/// The router's threshold, when set apart from the crossover, as a shorter dashed rule with
/// its length.
fn threshold_mark<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    inputs: &LengthsInputs,
    scales: &Scales,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let Some(t) = inputs.threshold_apart() else { return Ok(()) };
    let p = style.palette;
    let x = t.clamp(scales.x_lo, scales.x_hi);
    for seg in vertical_dashes(x, scales.y_hi * 0.8) {
        chart.draw(&PathElement::new(seg, style.line(p.text, 1.5)))?;
    }
    let count = format::tokens(t);
    let (full, plain) = (format!("router threshold: {count}"), format!("threshold: {count}"));
    let spots = scales.beside(chart.as_coord_spec(), x, [0.72, 0.6, 0.48, 0.36], style);
    let texts = [full.as_str(), plain.as_str(), count.as_str()];
    draw_placed(chart, &texts, &spots, (12.0, p.text), style, lines)
}

/// Each region's share of requests along its top, last: the label a narrow figure can best do
/// without.
fn region_shares<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    inputs: &LengthsInputs,
    regions: &[(f64, f64, Option<Which>)],
    scales: &Scales,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = chart.as_coord_spec();
    let p = style.palette;
    let shares = inputs.lengths.shares(&inputs.comparison);
    let share_of = |w: Which| match w {
        Which::A => shares.a,
        Which::B => shares.b,
    };
    for &(from, to, who) in regions {
        let (full, short) = match (who, regions.len()) {
            (Some(w), 1) => {
                (format!("{} first on every request", w.label()), format!("{} always", w.label()))
            }
            (Some(w), _) => {
                let share = format::percent(share_of(w));
                (format!("{} first: {share}", w.label()), format!("{} {share}", w.label()))
            }
            (None, _) => ("A and B finish together".to_string(), "together".to_string()),
        };
        let span = (plane.px((from, scales.y_hi)).0, plane.px((to, scales.y_hi)).0);
        let color = who.map(|which| ink(&p, which)).unwrap_or(p.text);
        draw_region_name(chart, span, &[&full, &short], (12.0, color), style, lines)?;
    }
    Ok(())
}

/// Who finishes first across one bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BinWinner {
    /// The same for every length in the bar.
    All(Winner),
    /// The crossover falls inside the bar.
    Split { below: Which, above: Which, at_tokens: f64 },
}

/// One bar: answers from `from_tokens` up to `to_tokens`, and the share of requests they are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    pub from_tokens: f64,
    pub to_tokens: f64,
    pub share: f64,
    pub winner: BinWinner,
}

/// No answer is shorter than a token, so the axis starts there however far the model's tail reaches.
const SHORTEST: f64 = 1.0;
/// Nor does the axis go past ten million tokens.
const LONGEST: f64 = 1e7;
/// At least this many bars, so a narrow (or single-length) distribution still has context.
const FEWEST_BINS: i32 = 8;

/// Bar edges: powers of two covering 99.8% of answers, the crossover and the threshold.
fn edges(inputs: &LengthsInputs) -> Vec<f64> {
    let d = &inputs.lengths;
    let mut lo = d.quantile(0.001);
    let mut hi = d.quantile(0.999);
    let marks = [inputs.comparison.crossover().tokens(), inputs.threshold()];
    for x in marks.into_iter().flatten().filter(|x| (SHORTEST..=LONGEST).contains(x)) {
        lo = lo.min(x);
        hi = hi.max(x);
    }
    let (lo, hi) = (lo.clamp(SHORTEST, LONGEST), hi.clamp(SHORTEST, LONGEST));
    let mut first = lo.log2().floor() as i32;
    let mut last = (hi.log2().ceil() as i32).max(first + 1);
    // Widen a narrow range about its middle, without going below one token.
    while last - first < FEWEST_BINS {
        if first > 0 {
            first -= 1;
        }
        if last - first < FEWEST_BINS {
            last += 1;
        }
    }
    (first..=last).map(|k| 2f64.powi(k)).collect()
}

fn bin_winner(comparison: &Comparison, from: f64, to: f64) -> BinWinner {
    match comparison.crossover() {
        Crossover::At { tokens, below, above } if tokens > from && tokens < to => {
            BinWinner::Split { below, above, at_tokens: tokens }
        }
        // Every length inside the bar is on one side; its middle says which.
        _ => BinWinner::All(comparison.winner_at((from * to).sqrt())),
    }
}

/// The bars of the figure, shortest first.
pub fn bins(inputs: &LengthsInputs) -> Vec<Bin> {
    let e = edges(inputs);
    e.windows(2)
        .filter_map(|pair| match *pair {
            [from, to] => Some(Bin {
                from_tokens: from,
                to_tokens: to,
                share: inputs.lengths.share_between(from, to),
                winner: bin_winner(&inputs.comparison, from, to),
            }),
            _ => None,
        })
        .collect()
}

/// The figure's data table: one row per bar, plus the answers beyond either end when they are
/// not negligible (the log-normal reaches below one token and arbitrarily far up).
pub fn rows(inputs: &LengthsInputs) -> Vec<Bin> {
    let mut out = bins(inputs);
    let (Some(first), Some(last)) = (out.first().copied(), out.last().copied()) else { return out };
    let below = inputs.lengths.cdf(first.from_tokens);
    let above = 1.0 - inputs.lengths.cdf(last.to_tokens);
    if below >= 5e-4 {
        out.insert(
            0,
            Bin {
                from_tokens: 0.0,
                to_tokens: first.from_tokens,
                share: below,
                winner: bin_winner(&inputs.comparison, 0.0, first.from_tokens),
            },
        );
    }
    if above >= 5e-4 {
        let winner = BinWinner::All(inputs.comparison.winner_at(last.to_tokens * 2.0));
        out.push(Bin {
            from_tokens: last.to_tokens,
            to_tokens: f64::INFINITY,
            share: above,
            winner,
        });
    }
    out
}

/// A bar's range in words: "16 to 32 tokens", "under 1 token", "over 131,072 tokens".
pub fn range_text(bin: &Bin) -> String {
    if bin.from_tokens <= 0.0 {
        format!("under {}", format::tokens(bin.to_tokens))
    } else if !bin.to_tokens.is_finite() {
        format!("over {}", format::tokens(bin.from_tokens))
    } else {
        format!(
            "{} to {}",
            format::with_separators(bin.from_tokens, 0),
            format::tokens(bin.to_tokens)
        )
    }
}

/// Who finishes a bar first, in words.
pub fn winner_text(winner: &BinWinner) -> String {
    match winner {
        BinWinner::All(Winner::Tie) => "both together".to_string(),
        BinWinner::All(w) => w.data_value().to_string(),
        BinWinner::Split { below, above, at_tokens } => format!(
            "{} below {}, then {}",
            below.label(),
            crossover_tokens_text(*at_tokens),
            above.label()
        ),
    }
}

fn shares_text(shares: &Shares) -> String {
    if shares.tie >= 1.0 - 1e-12 {
        "every request finishes at the same moment on both".to_string()
    } else if shares.a >= 1.0 - 1e-12 {
        "A finishes first on every request".to_string()
    } else if shares.b >= 1.0 - 1e-12 {
        "B finishes first on every request".to_string()
    } else {
        format!(
            "A finishes first on {} of requests and B on {}",
            format::percent(shares.a),
            format::percent(shares.b)
        )
    }
}

/// A share of requests to a tenth of a percent: "44.7%".
pub fn share_text(share: f64) -> String {
    format!("{}%", format::trimmed(share * 100.0, 1))
}

/// A dashed vertical line from the floor to `top`, in dashes of equal screen length.
fn vertical_dashes(x: f64, top: f64) -> Vec<Vec<(f64, f64)>> {
    super::dashes((x, 0.0), (x, top), 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_powers_of_two_from_one_token() {
        let e = edges(&LengthsInputs::default());
        assert_eq!(e.first().copied(), Some(1.0));
        assert!(e.windows(2).all(|w| w[1] == w[0] * 2.0));
        // 99.9% of the lesson's answers are under about 73,000 tokens.
        assert_eq!(e.last().copied(), Some(131_072.0));
    }

    #[test]
    fn one_length_still_gets_context() {
        let one = LengthsInputs {
            lengths: LengthDistribution::new(600.0, 600.0),
            ..LengthsInputs::default()
        };
        let b = bins(&one);
        assert!(b.len() >= FEWEST_BINS as usize);
        let total: f64 = b.iter().map(|b| b.share).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_share_below_the_first_bar_is_accounted_for() {
        let lesson = LengthsInputs::default();
        let below = lesson.lengths.cdf(1.0);
        assert!(below > 0.06 && below < 0.07, "{below}");
        let text = lesson.summary();
        assert!(
            text.contains(&format!("another {} of answers below", share_text(below))),
            "{text}"
        );
        let one = LengthsInputs {
            lengths: LengthDistribution::new(600.0, 600.0),
            ..LengthsInputs::default()
        };
        assert!(!one.summary().contains("below that"), "{}", one.summary());
    }
}
