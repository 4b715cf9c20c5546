//! Hosts one figure on a canvas: sized to its container, sharp at any devicePixelRatio, and
//! redrawn by a single effect, at most once per animation frame, whenever what it draws changes.
//! A figure out of sight is brought up to date once the controls have been still for a moment,
//! or as soon as it comes near the screen, rather than in the frame of every step: a control in
//! a sticky panel moves figures far down the page that nobody is looking at.

use crate::charts::{presentation_zoom, Picture, Style};
use crate::render::canvas::{CanvasPainter, FontMemory, SUBPIXELS};
use crate::render::page_backend::PageBackend;
use crate::shared_names::figure as figure_marks;
use crate::state::embed_layout::canvas_height_css;
use crate::ui::arrival::when_still;
use crate::ui::context::use_palette;
use crate::ui::dom;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// How a figure was last drawn: its width in CSS pixels, its size in the backend's pixels and
/// the scale its style drew at. What is dragged on it is read against these.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drawn {
    pub width_css: f64,
    pub backend: (u32, u32),
    pub scale: f64,
    /// How much larger than on the page (a presentation draws larger).
    pub zoom: f64,
}

/// Draws `inputs` on `canvas` at `width_css` CSS pixels wide, sharp at the screen's pixel ratio:
/// as tall as its width calls for, or, when `fill_height_css` is given, that tall, with
/// everything drawn larger in proportion (a presentation). Returns how it drew.
fn paint<P: Picture>(
    slug: &str,
    canvas: &web_sys::HtmlCanvasElement,
    inputs: &P,
    palette: crate::charts::Palette,
    width_css: f64,
    fill_height_css: Option<f64>,
    font: &FontMemory,
) -> Drawn {
    let ratio = dom::device_pixel_ratio();
    let (height, zoom) = match fill_height_css {
        Some(h) => (h.max(160.0), presentation_zoom(width_css, h.max(160.0))),
        None => (canvas_height_css(width_css), 1.0),
    };
    // The backing store holds device pixels; CSS keeps the element at layout size. Assigning a
    // size clears the canvas and costs a reallocation, so it happens only when the size changes
    // (every figure paints its own background anyway).
    let (device_width, device_height) =
        ((width_css * ratio).round() as u32, (height * ratio).round() as u32);
    if canvas.width() != device_width || canvas.height() != device_height {
        font.borrow_mut().clear();
        canvas.set_width(device_width);
        canvas.set_height(device_height);
        let _ = web_sys::HtmlElement::style(canvas).set_property("height", &format!("{height}px"));
    }
    // The painter works in SUBPIXELS units per device pixel; the style draws to match.
    let style = Style { scale: ratio * f64::from(SUBPIXELS) * zoom, palette };
    let fine = SUBPIXELS.unsigned_abs();
    let drawn = Drawn {
        width_css,
        backend: (device_width * fine, device_height * fine),
        scale: style.scale,
        zoom,
    };
    let Some(painter) = CanvasPainter::new(canvas.clone(), font.clone()) else { return drawn };
    let area = PageBackend::Canvas(painter).into_drawing_area();
    if let Err(e) = inputs.picture(&area, &style) {
        web_sys::console::warn_1(&format!("{slug} figure: {e}").into());
    }
    let _ = area.present();
    drawn
}

#[component]
pub fn FigureCanvas<P: Picture>(
    /// The figure's short name, in its canvas's test id (`timeline-canvas`).
    slug: &'static str,
    inputs: Memo<P>,
    label: Memo<String>,
    canvas_ref: NodeRef<leptos::html::Canvas>,
    /// Fill the container's height (which the stylesheet sets) and draw larger to match.
    #[prop(optional)]
    fill: bool,
    /// How much larger than on the page the figure was last drawn, for exports that match it.
    #[prop(optional)]
    zoom: Option<RwSignal<f64>>,
    /// Read the container's size as the canvas mounts instead of waiting for the observer: for
    /// a page showing this figure alone, where that costs one layout, and where a browser skips
    /// resize observers in a cross-origin frame scrolled out of view (an embed below the fold
    /// would otherwise report its height undrawn).
    #[prop(optional)]
    sized_at_once: bool,
    /// Told how the figure was drawn each time that changes: for what is dragged on it.
    #[prop(optional)]
    drawn: Option<RwSignal<Option<Drawn>>>,
    /// Drawn into the page by the build too, seen before the wasm arrives (`render::sketch`).
    #[prop(optional)]
    sketched: bool,
    /// Laid over the canvas (the handles dragged on it).
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let palette = use_palette();
    let size = CanvasSize {
        width_css: RwSignal::new(0.0),
        height_css: RwSignal::new(0.0),
        // On screen until the observer, reporting after the first layout, says otherwise.
        on_screen: RwSignal::new(true),
    };
    watch_container(canvas_ref, size, fill, sized_at_once);

    let told = drawn;
    let font = StoredValue::new_local(FontMemory::default());
    let painted_once = StoredValue::new(false);
    // What it draws changed since it was last drawn.
    let stale = Staleness { stale: StoredValue::new(false), canvas: canvas_ref };
    let draw = move || {
        let Some(canvas) = canvas_ref.get_untracked() else { return };
        let width = size.width_css.get_untracked();
        if width > 0.0 {
            if !painted_once.get_value() {
                let _ = canvas.set_attribute(figure_marks::DRAWN, "");
                // An embed's drawing from the build stood here until now (`boot.js`); it goes
                // in the frame that shows the canvas drawn, so nothing flashes in between.
                dom::remove_embed_stand_in();
            }
            painted_once.set_value(true);
            stale.set(false);
            let drawn = paint(
                slug,
                &canvas,
                &inputs.get_untracked(),
                palette.get_untracked(),
                width,
                fill.then(|| size.height_css.get_untracked()),
                &font.get_value(),
            );
            if let Some(zoom) = zoom {
                if zoom.get_untracked() != drawn.zoom {
                    zoom.set(drawn.zoom);
                }
            }
            if let Some(told) = told {
                if told.get_untracked() != Some(drawn) {
                    told.set(Some(drawn));
                }
            }
        }
    };
    redraw_on_change(inputs, palette, size, Redraw { painted_once, stale, draw });

    let sketch = sketched.then_some(inputs);
    view! { <div class="canvas-box">{drawing(slug, label, canvas_ref, sketch)} {children.map(|c| c())}</div> }
}

/// The container's size in CSS pixels, and whether it is on screen or about to be.
#[derive(Clone, Copy)]
struct CanvasSize {
    width_css: RwSignal<f64>,
    height_css: RwSignal<f64>,
    on_screen: RwSignal<bool>,
}

/// Follows the container's width (window resizes, embeds in narrow iframes, side panels), and
/// its height when the figure fills it, and whether it is near the screen. The observer reports
/// the first size too, once the browser has laid the page out: reading it here instead would make
/// the browser lay out the whole page for every figure as it mounts.
fn watch_container(
    canvas_ref: NodeRef<leptos::html::Canvas>,
    size: CanvasSize,
    fill: bool,
    sized_at_once: bool,
) {
    let CanvasSize { width_css, height_css, on_screen } = size;
    canvas_ref.on_load(move |canvas| {
        let Some(container) = canvas.parent_element() else { return };
        if sized_at_once {
            width_css.set(f64::from(container.client_width()));
            height_css.set(f64::from(container.client_height()));
        }
        let observe = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let (width, height) = entries
                .get(0)
                .dyn_into::<web_sys::ResizeObserverEntry>()
                .map(|entry| (entry.content_rect().width(), entry.content_rect().height()))
                .unwrap_or((0.0, 0.0));
            if width > 0.0 && (width - width_css.get_untracked()).abs() >= 1.0 {
                width_css.set(width);
            }
            if fill && height > 0.0 && (height - height_css.get_untracked()).abs() >= 1.0 {
                height_css.set(height);
            }
        });
        if let Ok(observer) = web_sys::ResizeObserver::new(observe.as_ref().unchecked_ref()) {
            observer.observe(&container);
            let kept = SendWrapper::new((observer, observe));
            on_cleanup(move || kept.0.disconnect());
        }
        dom::watch_near(&container, move |near| {
            if near != on_screen.get_untracked() {
                on_screen.set(near);
            }
        });
    });
}

/// Whether what a figure shows changed since it was last drawn, kept on its canvas as well
/// ([`figure_marks::STALE`]) for scripts that read its pixels: they wait for the mark to go.
#[derive(Clone, Copy)]
struct Staleness {
    stale: StoredValue<bool>,
    canvas: NodeRef<leptos::html::Canvas>,
}

impl Staleness {
    fn get(self) -> bool {
        self.stale.get_value()
    }

    /// Only a change is written to the canvas: a step that finds it stale already writes nothing.
    fn set(self, stale: bool) {
        if self.stale.get_value() == stale {
            return;
        }
        self.stale.set_value(stale);
        if let Some(canvas) = self.canvas.get_untracked() {
            let _ = if stale {
                canvas.set_attribute(figure_marks::STALE, "")
            } else {
                canvas.remove_attribute(figure_marks::STALE)
            };
        }
    }
}

/// How a figure is drawn again, and what it knows of its last drawing.
#[derive(Clone, Copy)]
struct Redraw<D> {
    painted_once: StoredValue<bool>,
    /// What it draws changed since it was last drawn.
    stale: Staleness,
    draw: D,
}

/// Draws the figure again when what it shows changes, or when it comes back into sight stale.
fn redraw_on_change<P: Picture, D: Fn() + Copy + Send + Sync + 'static>(
    inputs: Memo<P>,
    palette: Signal<crate::charts::Palette>,
    size: CanvasSize,
    redraw: Redraw<D>,
) {
    let Redraw { painted_once, stale, draw } = redraw;
    // Inputs can change several times within one frame (a fast drag, a held arrow key, a preset
    // that sets many values): the first draw happens at once (the observer's first size arrives
    // before the browser paints), and later changes mark the figure dirty and draw it once, with
    // the latest inputs, at the next animation frame.
    let frame_pending = StoredValue::new(false);
    let draw_next_frame = move || {
        if !frame_pending.get_value() {
            frame_pending.set_value(true);
            request_animation_frame(move || {
                frame_pending.set_value(false);
                if stale.get() {
                    draw();
                }
            });
        }
    };
    let changed_at_ms = StoredValue::new(0.0_f64);
    let quiet_timer = StoredValue::new(false);
    // One effect for what the figure shows and for whether it is in sight. The observer reports
    // in a task of its own, never with an input's change, so a run where sight changed is one
    // where nothing else did: leaving the screen needs nothing, and coming near it draws what
    // changed meanwhile.
    Effect::new(move |was_seen: Option<bool>| {
        inputs.track();
        palette.track();
        size.width_css.track();
        size.height_css.track();
        let seen = size.on_screen.get();
        if was_seen.is_some_and(|was| was != seen) {
            if seen && stale.get() {
                draw_next_frame();
            }
            return seen;
        }
        stale.set(true);
        if !painted_once.get_value() {
            draw();
        } else if seen {
            draw_next_frame();
        } else {
            changed_at_ms.set_value(js_sys::Date::now());
            if !quiet_timer.get_value() {
                quiet_timer.set_value(true);
                let changed = move || Some(changed_at_ms.get_value());
                when_still(OFF_SCREEN_QUIET_MS, changed, move || {
                    quiet_timer.set_value(false);
                    if stale.get() {
                        draw();
                    }
                });
            }
        }
        seen
    });
}

/// How long the controls must be still before a figure out of sight is drawn again.
const OFF_SCREEN_QUIET_MS: f64 = 200.0;

/// The canvas the figure is drawn on.
#[cfg(target_arch = "wasm32")]
fn drawing<P: Picture>(
    slug: &'static str,
    label: Memo<String>,
    canvas_ref: NodeRef<leptos::html::Canvas>,
    _sketch: Option<Memo<P>>,
) -> impl IntoView {
    view! {
        <canvas
            node_ref=canvas_ref
            data-testid=format!("{slug}-canvas")
            role="img"
            aria-label=move || label.get()
        ></canvas>
    }
}

/// In the markup written at build time, where no figure can be drawn on a canvas: a box the
/// canvas's size (the stylesheet gives it the shape of [`canvas_height_css`]), so nothing moves
/// when the canvas takes its place. It holds the figure drawn as SVG at the default state
/// (`sketch`, for the first figures: `render::sketch`) or says why it is empty. Its name is the
/// figure's text alternative, as the canvas's is.
#[cfg(not(target_arch = "wasm32"))]
fn drawing<P: Picture>(
    slug: &'static str,
    label: Memo<String>,
    _canvas_ref: NodeRef<leptos::html::Canvas>,
    sketch: Option<Memo<P>>,
) -> impl IntoView {
    let sketches = sketch.map(|inputs| crate::render::sketch::sketches(&inputs.get_untracked()));
    let sketched = sketches.as_ref().is_some_and(|s| !s.is_empty());
    // Each drawing is an SVG document that plotters wrote, set as the markup it is.
    let drawings = sketches.unwrap_or_default().into_iter().map(|sketch| {
        view! { <div class=sketch.class aria-hidden="true" inner_html=sketch.svg></div> }
    });
    view! {
        <div class="canvas-waiting" class:sketched=sketched data-testid=format!("{slug}-waiting") role="img" aria-label=label.get_untracked()>
            <p>"This figure is drawn by WebAssembly: it appears in a browser that runs it."</p>
            {drawings.collect_view()}
        </div>
    }
}
