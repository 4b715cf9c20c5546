//! Hosts one figure on a canvas: sized to its container, sharp at any devicePixelRatio, and
//! redrawn by a single effect, at most once per animation frame, whenever what it draws changes.

use crate::charts::{presentation_zoom, Figure, FigureInputs, Style};
use crate::render::canvas::{CanvasPainter, FontMemory, SUBPIXELS};
use crate::render::page_backend::PageBackend;
use crate::state::embed_layout::canvas_height_css;
use crate::ui::context::use_palette;
use crate::ui::dom;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Height for a given width: wide on desktops, taller than a strip on phones (the rule an
/// embed's geometry is built on).
pub(crate) fn height_for(width_css: f64) -> f64 {
    canvas_height_css(width_css)
}

/// Draws `inputs` on `canvas` at `width_css` CSS pixels wide, sharp at the screen's pixel ratio:
/// as tall as its width calls for, or, when `fill_height_css` is given, that tall, with
/// everything drawn larger in proportion (a presentation). Returns how much larger.
fn paint(
    figure: Figure,
    canvas: &web_sys::HtmlCanvasElement,
    inputs: &FigureInputs,
    palette: crate::charts::Palette,
    width_css: f64,
    fill_height_css: Option<f64>,
    font: &FontMemory,
) -> f64 {
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
    let Some(painter) = CanvasPainter::new(canvas.clone(), font.clone()) else { return zoom };
    let area = PageBackend::Canvas(painter).into_drawing_area();
    // The painter works in SUBPIXELS units per device pixel; the style draws to match.
    let style = Style { scale: ratio * f64::from(SUBPIXELS) * zoom, palette };
    if let Err(e) = inputs.draw(&area, &style) {
        web_sys::console::warn_1(&format!("{} figure: {e}", figure.slug()).into());
    }
    let _ = area.present();
    zoom
}

#[component]
pub fn FigureCanvas(
    figure: Figure,
    inputs: Memo<FigureInputs>,
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
) -> impl IntoView {
    let palette = use_palette();
    let width_css = RwSignal::new(0.0_f64);
    let height_css = RwSignal::new(0.0_f64);

    // Follow the container's width: window resizes, embeds in narrow iframes, side panels. The
    // observer reports the first size too, once the browser has laid the page out: reading it
    // here instead would make the browser lay out the whole page for every figure as it mounts.
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
    });

    let font = StoredValue::new_local(FontMemory::default());
    let painted_once = StoredValue::new(false);
    let draw = move || {
        let Some(canvas) = canvas_ref.get_untracked() else { return };
        let width = width_css.get_untracked();
        if width > 0.0 {
            painted_once.set_value(true);
            let drawn = paint(
                figure,
                &canvas,
                &inputs.get_untracked(),
                palette.get_untracked(),
                width,
                fill.then(|| height_css.get_untracked()),
                &font.get_value(),
            );
            if let Some(zoom) = zoom {
                if zoom.get_untracked() != drawn {
                    zoom.set(drawn);
                }
            }
        }
    };
    // Inputs can change several times within one frame (a fast drag, a held arrow key, a preset
    // that sets many values): the first draw happens at once (the observer's first size arrives
    // before the browser paints), and later changes mark the figure dirty and draw it once, with
    // the latest inputs, at the next animation frame.
    let frame_pending = StoredValue::new(false);
    Effect::new(move |_| {
        inputs.track();
        palette.track();
        width_css.track();
        height_css.track();
        if !painted_once.get_value() {
            draw();
        } else if !frame_pending.get_value() {
            frame_pending.set_value(true);
            request_animation_frame(move || {
                frame_pending.set_value(false);
                draw();
            });
        }
    });

    view! { <div class="canvas-box">{drawing(figure, label, canvas_ref)}</div> }
}

/// The canvas the figure is drawn on.
#[cfg(target_arch = "wasm32")]
fn drawing(
    figure: Figure,
    label: Memo<String>,
    canvas_ref: NodeRef<leptos::html::Canvas>,
) -> impl IntoView {
    view! {
        <canvas
            node_ref=canvas_ref
            data-testid=format!("{}-canvas", figure.slug())
            role="img"
            aria-label=move || label.get()
        ></canvas>
    }
}

/// In the markup written at build time, where no figure can be drawn: a box the canvas's size
/// (the stylesheet gives it the shape of [`height_for`]), so nothing moves when the canvas
/// takes its place, saying why it is empty. Its name is the figure's text alternative, as the
/// canvas's is.
#[cfg(not(target_arch = "wasm32"))]
fn drawing(
    figure: Figure,
    label: Memo<String>,
    _canvas_ref: NodeRef<leptos::html::Canvas>,
) -> impl IntoView {
    view! {
        <div class="canvas-waiting" data-testid=format!("{}-waiting", figure.slug()) role="img" aria-label=label.get_untracked()>
            <p>"This figure is drawn by WebAssembly: it appears in a browser that runs it."</p>
        </div>
    }
}
