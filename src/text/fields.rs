//! A control's typed field, as text.

use crate::format;
use crate::state::ParamSpec;

/// Plain digits (no separators) so the field can be edited and read back.
/// Text for the field: plain digits (no separators) so it can be edited and read back.
pub fn field_text(spec: &ParamSpec, value: f64) -> String {
    format::trimmed(value, spec.decimals.max(0) as usize).replace(',', "")
}
