//! No label is drawn across a line of its own colour (the lines it names), nor over another
//! label, nor past the figure's edge, in any figure, at the lesson's scenarios and at a small
//! phone's, a phone's, a docs column's and a desktop's width: checked on
//! the figures' SVG, with each label's box estimated from its length and the size the canvas
//! sets it at (plotters' SVG writes text 1.24 times smaller than the canvas does).

use crossover::charts::Style;
use crossover::state::embed_layout::canvas_height_css;
use crossover::state::presets::PRESETS;
use crossover::state::{Figure, State};

fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let i = tag.find(&key)? + key.len();
    let j = tag[i..].find('"')? + i;
    Some(tag[i..j].to_string())
}

/// A line of the SVG: its stroke colour and its points.
type Line = (String, Vec<(f64, f64)>);

/// A label's box: `(x0, x1, y0, y1)`.
type LabelBox = (f64, f64, f64, f64);

/// Every polyline of the SVG with its stroke, and every unrotated text's tag and content.
fn lines_and_labels(svg: &str) -> (Vec<Line>, Vec<(String, String)>) {
    let mut lines = vec![];
    let mut texts = vec![];
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        rest = &rest[i..];
        let end = rest.find('>').unwrap();
        let tag = &rest[..end];
        if tag.starts_with("<polyline") {
            let pts = attr(tag, "points").unwrap();
            let pts = pts
                .split_whitespace()
                .map(|p| {
                    let (a, b) = p.split_once(',').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            lines.push((attr(tag, "stroke").unwrap(), pts));
        } else if tag.starts_with("<text") && attr(tag, "transform").is_none() {
            let content_end = rest[end..].find("</text>").unwrap();
            let content = rest[end + 1..end + content_end].trim().to_string();
            texts.push((tag.to_string(), content));
        }
        rest = &rest[end..];
    }
    (lines, texts)
}

/// A label's box, `(x0, x1, y0, y1)`, from its anchor, baseline and length.
fn label_box(tag: &str, content: &str) -> (f64, f64, f64, f64) {
    let x: f64 = attr(tag, "x").unwrap().parse().unwrap();
    let y: f64 = attr(tag, "y").unwrap().parse().unwrap();
    let fs: f64 = attr(tag, "font-size").unwrap().parse::<f64>().unwrap() * 1.24;
    let width = content.chars().count() as f64 * fs * 0.58;
    let (x0, x1) = match attr(tag, "text-anchor").unwrap().as_str() {
        "start" => (x, x + width),
        "end" => (x - width, x),
        _ => (x - width / 2.0, x + width / 2.0),
    };
    let dy = attr(tag, "dy").unwrap();
    let (y0, y1) = if dy == "0.76em" {
        (y, y + fs)
    } else if dy == "-0.5ex" {
        (y - fs, y)
    } else {
        (y - fs / 2.0, y + fs / 2.0)
    };
    (x0, x1, y0, y1)
}

/// The first segment of `pts` that passes through the box, sampled along its length.
fn crossing_segment(
    pts: &[(f64, f64)],
    (x0, x1, y0, y1): (f64, f64, f64, f64),
) -> Option<&[(f64, f64)]> {
    pts.windows(2).find(|seg| {
        let ((ax, ay), (bx, by)) = (seg[0], seg[1]);
        let n = 50;
        (0..=n).any(|k| {
            let t = k as f64 / n as f64;
            let px = ax + (bx - ax) * t;
            let py = ay + (by - ay) * t;
            px > x0 && px < x1 && py > y0 && py < y1
        })
    })
}

/// Whether two labels' boxes cover each other: they share a quarter of a line's height and a few
/// pixels across (less is two neighbours touching, such as the axes' first ticks at a corner).
fn overlap(a: LabelBox, b: LabelBox) -> bool {
    let across = a.1.min(b.1) - a.0.max(b.0);
    let down = a.3.min(b.3) - a.2.max(b.2);
    let line = (a.3 - a.2).min(b.3 - b.2);
    across > 3.0 && down > line / 4.0
}

#[test]
fn no_label_crosses_a_line_of_its_colour_or_another_label() {
    let mut crossings = Vec::new();
    let mut overlapping = Vec::new();
    let mut cut = Vec::new();
    let mut checked = 0;
    let mut states = vec![("default".to_string(), State::default())];
    for p in PRESETS.iter() {
        states.push((p.key.to_string(), (p.apply)(State::default())));
    }
    for figure in Figure::ALL {
        for (name, state) in &states {
            for w in [320.0, 390.0, 700.0, 1280.0] {
                let cw: f64 = w - 16.0;
                let ch = canvas_height_css(cw);
                let svg = figure.to_svg(state, &Style::default(), cw as u32, ch as u32).unwrap();
                let (lines, texts) = lines_and_labels(&svg);
                checked += texts.len();
                let mut boxes: Vec<(&str, LabelBox)> = Vec::new();
                for (tag, content) in &texts {
                    let fill = attr(tag, "fill").unwrap();
                    let (x0, x1, y0, y1) = label_box(tag, content);
                    for (other, b) in &boxes {
                        if overlap((x0, x1, y0, y1), *b) {
                            overlapping.push(format!(
                                "{} {} at {w} px: “{content}” overlaps “{other}”",
                                figure.slug(),
                                name
                            ));
                        }
                    }
                    // A pixel of slack: the box is estimated, generously.
                    if x0 < -1.0 || x1 > cw + 1.0 || y0 < -1.0 || y1 > ch + 1.0 {
                        cut.push(format!(
                            "{} {} at {w} px: “{content}” [{x0:.0}–{x1:.0} × {y0:.0}–{y1:.0}] leaves the {cw:.0} × {ch:.0} figure",
                            figure.slug(),
                            name
                        ));
                    }
                    boxes.push((content, (x0, x1, y0, y1)));
                    for (stroke, pts) in lines.iter().filter(|(stroke, _)| *stroke == fill) {
                        if let Some(seg) = crossing_segment(pts, (x0, x1, y0, y1)) {
                            crossings.push(format!("{} {} at {w} px: “{}” [{:.0}–{:.0} × {:.0}–{:.0}] crosses the {} line {:?}", figure.slug(), name, content, x0, x1, y0, y1, stroke, seg));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "labels were found and checked ({checked})");
    assert!(crossings.is_empty(), "{}", crossings.join("\n"));
    assert!(overlapping.is_empty(), "labels set over each other:\n{}", overlapping.join("\n"));
    assert!(cut.is_empty(), "labels cut at the figure's edge:\n{}", cut.join("\n"));
}

/// The texts of a figure drawn alone, as an embed draws it in a frame `frame_css` wide.
fn embed_texts(figure: Figure, state: &State, frame_css: f64) -> Vec<String> {
    let cw = frame_css - 2.0 * crossover::state::embed_layout::SIDE_PX;
    let svg = figure.to_svg(state, &Style::default(), cw as u32, canvas_height_css(cw) as u32);
    lines_and_labels(&svg.unwrap()).1.into_iter().map(|(_, content)| content).collect()
}

#[test]
fn a_figure_alone_names_what_it_shows_at_any_width() {
    let mut h100 = State::default();
    h100.chip = crossover::model::chips::Chip::H100;
    for w in [320.0, 390.0, 700.0] {
        // The roofline has no caption around it in a saved picture: it names its model, its
        // precisions and its chips itself.
        for (state, chip) in [(State::default(), "1 × A100"), (h100, "1 × H100")] {
            let texts = embed_texts(Figure::Roofline, &state, w);
            let named = [&format!("Llama 3.1 8B, {chip}"), "bf16 weights, bf16 cache"]
                .iter()
                .all(|line| texts.iter().any(|t| t == line));
            assert!(named, "the roofline at {w} px names its setting ({chip}): {texts:?}");
        }
        // Both readers' finishes are named, the streamed one's and the other's, however close.
        let words = embed_texts(Figure::Streaming, &State::default(), w).join(" ");
        assert!(
            words.contains("58.27 s") && words.contains("63.25 s"),
            "finishes at {w} px: {words}"
        );
        // The race's ticks on the length axis are named, beside them or in the legend.
        let texts = embed_texts(Figure::Completion, &State::default(), w);
        let words = texts.join(" ");
        assert!(words.contains("median") && words.contains("p90"), "ticks at {w} px: {texts:?}");
    }
}
