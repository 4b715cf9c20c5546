//! Enums whose variants each have a name of their own, written once.
//!
//! Many of the page's choices are small enums whose every variant has a fixed string: a chip's
//! or a theme's key in the URL, a worker message's tag on the wire. Written by hand, each such
//! enum spelled its variants three times (the enum, an `ALL` array, a `key` match) and found a
//! variant from its key by a fourth list or a search of `ALL`, so a variant added to one list
//! and not another, or two variants given one key, was noticed only when a link or a message
//! broke. [`keyed!`] takes one table of `Variant => "key"` rows and writes the four from it.

/// Writes an enum from one table of `Variant => "key"` rows, with
///
/// - `pub const ALL: [Self; N]`: every variant, in the table's order;
/// - `pub const fn key(self) -> &'static str`: the variant's key, exactly as written;
/// - `pub fn from_key(key: &str) -> Option<Self>`: the variant with exactly that key.
///
/// The enum's attributes (its doc comment, derives) and each variant's (doc comment,
/// `#[default]`) are kept. Its other methods go in an `impl` block of their own beside it.
/// An enum whose three go by other names says so first, in that order:
///
/// ```text
/// keyed! {
///     names(ALL, name, from_name);
///     /// Each message's first item.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum Tag {
///         Ready => "ready",
///         Read => "read",
///     }
/// }
/// ```
///
/// `from_key` is a `match` on the keys, so two variants given one key do not compile (an
/// unreachable pattern, denied there).
macro_rules! keyed {
    (
        names($all:ident, $key:ident, $from_key:ident);
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_attr:meta])* $variant:ident => $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$attr])*
        $vis enum $name {
            $( $(#[$variant_attr])* $variant, )+
        }

        impl $name {
            /// Every variant, in the order of its table.
            pub const $all: [$name; [$($text),+].len()] = [$($name::$variant),+];

            /// How a URL, a file or a message names it.
            pub const fn $key(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }

            /// The one named exactly `key`, if any.
            #[deny(unreachable_patterns)]
            pub fn $from_key(key: &str) -> Option<$name> {
                match key {
                    $( $text => Some($name::$variant), )+
                    _ => None,
                }
            }
        }
    };
    ( $(#[$attr:meta])* $vis:vis enum $($rest:tt)* ) => {
        $crate::keyed::keyed! { names(ALL, key, from_key); $(#[$attr])* $vis enum $($rest)* }
    };
}
pub(crate) use keyed;

#[cfg(test)]
mod tests {
    use std::fmt::Debug;

    keyed! {
        /// A sample, with a default, a doc comment on a variant and keys unlike its names.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        enum Sample {
            #[default]
            First => "first",
            /// Its key is not its name.
            Second => "2nd",
            Third => "third-one",
        }
    }

    keyed! {
        names(BOTH, letter, from_letter);
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Renamed {
            A => "a",
            B => "b",
        }
    }

    /// Every variant is in `all` once, has a key of its own, and is found again from it; a key
    /// of none, or one in another case, finds nothing.
    fn agree<T: Copy + PartialEq + Debug>(
        all: &[T],
        key: fn(T) -> &'static str,
        from_key: fn(&str) -> Option<T>,
    ) {
        let keys: Vec<&str> = all.iter().map(|&v| key(v)).collect();
        for (i, &v) in all.iter().enumerate() {
            let (later, later_keys) = (&all[i + 1..], &keys[i + 1..]);
            assert!(!later.contains(&v), "{v:?} is listed twice in {all:?}");
            assert!(!later_keys.contains(&key(v)), "two variants of {all:?} share a key");
            assert_eq!(from_key(key(v)), Some(v), "{v:?}");
            let upper = key(v).to_ascii_uppercase();
            if !keys.contains(&upper.as_str()) {
                assert_eq!(from_key(&upper), None, "{v:?}");
            }
        }
        for stray in ["", " ", "none of these"] {
            assert_eq!(from_key(stray), None, "{stray:?}");
        }
    }

    #[test]
    fn the_table_gives_the_enum_its_list_and_its_keys() {
        assert_eq!(Sample::ALL, [Sample::First, Sample::Second, Sample::Third]);
        assert_eq!(Sample::ALL.map(Sample::key), ["first", "2nd", "third-one"]);
        assert_eq!(Sample::from_key("2nd"), Some(Sample::Second));
        assert_eq!(Sample::from_key("Second"), None);
        assert_eq!(Sample::default(), Sample::First);
        const KEY: &str = Sample::Third.key();
        assert_eq!(KEY, "third-one");
        agree(&Sample::ALL, Sample::key, Sample::from_key);

        assert_eq!(Renamed::BOTH.map(Renamed::letter), ["a", "b"]);
        agree(&Renamed::BOTH, Renamed::letter, Renamed::from_letter);
    }

    /// The check fails on a table whose keys are not all different.
    #[test]
    #[should_panic(expected = "share a key")]
    fn two_variants_with_one_key_are_caught() {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Twins {
            Left,
            Right,
        }
        let key = |t: Twins| match t {
            Twins::Left | Twins::Right => "same",
        };
        let from_key = |k: &str| (k == "same").then_some(Twins::Left);
        agree(&[Twins::Left, Twins::Right], key, from_key);
    }

    /// Every enum written with [`keyed!`] in the crate.
    #[test]
    fn every_keyed_enum_agrees_with_its_keys() {
        use crate::measurements::live::plan::Side;
        use crate::measurements::protocol::Tag;
        use crate::model::chips::Chip;
        use crate::model::deep::TtftDefinition;
        use crate::model::llms::Llm;
        use crate::model::precision::{KvPrecision, WeightPrecision};
        use crate::state::view::Theme;
        use crate::state::{Basis, DecisionWorkload, Load, ModelView, Spread, TtftSource};

        agree(&Llm::ALL, Llm::key, Llm::from_key);
        agree(&Chip::ALL, Chip::key, Chip::from_key);
        agree(&WeightPrecision::ALL, WeightPrecision::key, WeightPrecision::from_key);
        agree(&KvPrecision::ALL, KvPrecision::key, KvPrecision::from_key);
        agree(&TtftDefinition::ALL, TtftDefinition::key, TtftDefinition::from_key);
        agree(&Theme::ALL, Theme::key, Theme::from_key);
        agree(&ModelView::ALL, ModelView::key, ModelView::from_key);
        agree(&TtftSource::ALL, TtftSource::key, TtftSource::from_key);
        agree(&Spread::ALL, Spread::key, Spread::from_key);
        agree(&Load::ALL, Load::key, Load::from_key);
        agree(&Basis::ALL, Basis::key, Basis::from_key);
        agree(&DecisionWorkload::ALL, DecisionWorkload::key, DecisionWorkload::from_key);
        agree(&Tag::ALL, Tag::name, Tag::from_name);
        agree(&Side::BOTH, Side::key, Side::from_key);
    }
}
