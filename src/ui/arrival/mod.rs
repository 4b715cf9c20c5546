//! The arrival of the live page. The reader already has the lesson, written into index.html at
//! build time (`crate::site`); the live page replaces it part by part without a blank frame, a
//! long task or a lost focus, and then keeps sections out of sight from costing the reader's
//! drags. Its life cycle, in order:
//!
//! 1. **Mount** (`ui::mount`, `takeover::mount_point`): in a task after the wasm's start, the
//!    app mounts into a hidden element beside the prerendered lesson, reads the address and
//!    builds nothing.
//! 2. **Frame, out of sight** (`stages`): the masthead, the main element and the colophon are
//!    built one per task, still hidden.
//! 3. **Takeover** (`takeover`): in one task the frame takes the prerendered lesson's place. In
//!    each container marked `data-takeover`, the prerendered children not yet built live move
//!    into the live container and stand in (`data-prerendered`); a focused control hands the
//!    focus to its live twin.
//! 4. **Stages, near or all** (`stages`): after the browser has painted, the lesson's parts are
//!    built one stage per task, each removing its stand-ins. On a bare address, whose numbers the
//!    stand-ins already show, a stage waits until the reader comes within a screen of a stand-in
//!    or focuses a control in one (the root carries `data-builds-on-approach`); a changed value or
//!    an address with values or a `#fragment` builds them all, one after another. A stage
//!    whose code is a part fetched apart (`ui::parts`) is reached once that code has arrived.
//! 5. **Sections follow when near** (`sight`): a built section out of sight reads its own shown
//!    state, which follows the page state only while the section is within half a screen.
//! 6. **Settle when still** (`still`, used by `app` and `widgets::canvas`): once the controls
//!    have been still for a moment, the address bar is rewritten, every shown state catches up
//!    and the figures out of sight are drawn.
//! 7. **Complete** ([`Complete`]): after the last stage, the last stand-ins go, a link's
//!    `#fragment` is scrolled to, and the root says `data-complete`.
//!
//! What a section must do to take part:
//!
//! - wrap itself, or each part built in a task of its own, in `<Later stage=stage::…>` with a
//!   stage from [`stage`] (a new stage goes in that list, in page order);
//! - mark `data-takeover` on the element whose children are those `<Later>` parts, so the
//!   takeover pairs its prerendered children with the live ones by their place among them (the
//!   prerendered and live children must be the same elements in the same order);
//! - call [`follow_when_near`] with its heading's id (the section is `aria-labelledby` it) when
//!   it shows numbers and can be out of sight while the controls move, and read the state with
//!   `use_shown_state` (or `derived`) below it.
//!
//! The names the takeover shares with index.html, `boot.js` and the browser tests are in
//! [`crate::shared_names::takeover`] and [`crate::shared_names::root`].

pub mod prose;
mod sight;
mod stages;
mod still;
mod takeover;

#[cfg(target_arch = "wasm32")]
pub use prose::keep_prerendered as keep_prerendered_prose;
pub(crate) use prose::prose;
pub use sight::{follow_when_near, Sight};
pub use stages::{provide_stages, stage, Arrival, Complete, Later, LAST_STAGE};
pub use still::when_still;
#[cfg(target_arch = "wasm32")]
pub use takeover::mount_point;
pub use takeover::take_over_prerendered;
