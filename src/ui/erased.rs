//! Memos and derived signals whose closure is behind a pointer.
//!
//! Leptos builds its memo and derived-signal machinery once per closure type, and every Rust
//! closure is a type of its own, so a page with a hundred memos carries a hundred copies of
//! that machinery, each with its closure's body inlined. Boxing the closure first leaves one
//! copy per value type (`f64`, `String`, a figure's inputs): the closure's own body is all
//! that is left per call site. Use these in place of `Memo::new` and `Signal::derive`.

use std::sync::Arc;

use leptos::prelude::*;

/// A memo of `compute`: recomputed when what it reads changes, passed on only when its value
/// does.
pub fn memo<T>(compute: impl Fn() -> T + Send + Sync + 'static) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    memo_of(Arc::new(compute))
}

/// A signal that reads `compute` again whenever it is read: for values too cheap to cache.
pub fn derive<T>(compute: impl Fn() -> T + Send + Sync + 'static) -> Signal<T>
where
    T: Send + Sync + 'static,
{
    derive_of(Arc::new(compute))
}

type Compute<T> = Arc<dyn Fn() -> T + Send + Sync>;

#[inline(never)]
fn memo_of<T>(compute: Compute<T>) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| compute())
}

#[inline(never)]
fn derive_of<T>(compute: Compute<T>) -> Signal<T>
where
    T: Send + Sync + 'static,
{
    Signal::derive(move || compute())
}
