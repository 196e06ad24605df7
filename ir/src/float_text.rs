//! Float literals printed as MLIR prints them.
//!
//! MLIR first tries six digits after the point in exponent form
//! (`1.000000e-01`); when that does not read back to the same value, the
//! value's natural precision in LLVM's default float formatting
//! (`4.2949673E+9`, `1.2345678`, `1.23456789E-4`); when that has no point
//! either (`16777216`), the caller prints the bits in hexadecimal. The digits
//! come from the decimal expansion of the value as LLVM makes it: digits
//! beyond what the precision needs cut off, then rounded half up on the
//! first digit dropped.

use crate::types::FloatKind;

/// The text MLIR prints for the finite, nonzero-or-zero value `v` of format
/// `kind`, or `None` where it prints the bits in hexadecimal.
pub fn float_text(v: f64, kind: FloatKind) -> Option<String> {
    let six = decimal_text(v, kind, 6, 0, false);
    if reads_back(&six, v, kind) {
        return Some(six);
    }
    let natural = decimal_text(v, kind, 0, 3, true);
    natural.contains('.').then_some(natural)
}

fn reads_back(text: &str, v: f64, kind: FloatKind) -> bool {
    let Ok(parsed) = text.parse::<f64>() else { return false };
    let round = |x: f64| crate::attributes::FloatAttr::from_f64(kind, x);
    round(parsed) == round(v)
}

/// LLVM's `APFloat::toString(precision, max_padding, truncate_zero)`.
fn decimal_text(v: f64, kind: FloatKind, precision_digits: u32, max_padding: u32, truncate_zero: bool) -> String {
    let mut out = String::new();
    if v.is_sign_negative() {
        out.push('-');
    }
    let v = v.abs();
    if v == 0.0 {
        if max_padding == 0 {
            if truncate_zero {
                out.push_str("0.0E+0");
            } else {
                out.push_str("0.0");
                out.push_str(&"0".repeat(precision_digits.saturating_sub(1) as usize));
                out.push_str("e+00");
            }
        } else {
            out.push('0');
        }
        return out;
    }
    let wanted = if precision_digits == 0 { 2 + kind.precision() * 59 / 196 } else { precision_digits } as usize;
    // |v| = m * 2^e exactly.
    let bits = v.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1u64 << 52) - 1);
    let (mut m, mut e) = if biased == 0 { (fraction, -1074) } else { (fraction | (1u64 << 52), biased - 1075) };
    let zeros = m.trailing_zeros();
    m >>= zeros;
    e += i64::from(zeros);
    // The digits of m * 2^e, or of m * 5^-e with a decimal exponent of e.
    let mut number = Big::from(m);
    let mut exp: i64 = 0;
    if e >= 0 {
        (0..e).for_each(|_| number.times(2));
    } else {
        (0..-e).for_each(|_| number.times(5));
        exp = e;
    }
    // LLVM first drops the decimal digits beyond those the precision needs,
    // by a division that truncates.
    let required = (wanted as u32 * 196).div_ceil(59);
    let bits = number.bits();
    if bits > required {
        let removable = (bits - required) * 59 / 196;
        (0..removable).for_each(|_| {
            number.divide(10);
        });
        exp += i64::from(removable);
    }
    // Least significant first, trailing zeros dropped.
    let mut digits: Vec<u8> = Vec::new();
    for d in number.decimal_digits() {
        if digits.is_empty() && d == 0 {
            exp += 1;
        } else {
            digits.push(d);
        }
    }
    if digits.len() > wanted {
        let mut first = digits.len() - wanted;
        if digits[first - 1] < 5 {
            while first < digits.len() && digits[first] == 0 {
                first += 1;
            }
            exp += first as i64;
            digits.drain(..first);
        } else {
            let n = digits.len();
            let mut i = first;
            while i != n {
                if digits[i] == 9 {
                    first += 1;
                    i += 1;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
            exp += first as i64;
            if first == n {
                digits = vec![1];
            } else {
                digits.drain(..first);
            }
        }
    }
    let n = digits.len();
    let digit = |i: usize| char::from(b'0' + digits[n - 1 - i]);
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u64 > u64::from(max_padding) || n as u64 + exp as u64 > wanted as u64
    } else {
        let msd = exp + n as i64 - 1;
        msd < 0 && (-msd) as u64 > u64::from(max_padding)
    };
    if scientific {
        let mut exp = exp + n as i64 - 1;
        out.push(digit(0));
        out.push('.');
        if n == 1 && truncate_zero {
            out.push('0');
        } else {
            (1..n).for_each(|i| out.push(digit(i)));
        }
        if !truncate_zero && wanted + 1 > n {
            out.push_str(&"0".repeat(wanted + 1 - n));
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        exp = exp.abs();
        let text = exp.to_string();
        if !truncate_zero && text.len() < 2 {
            out.push('0');
        }
        out.push_str(&text);
        return out;
    }
    if exp >= 0 {
        (0..n).for_each(|i| out.push(digit(i)));
        out.push_str(&"0".repeat(exp as usize));
        return out;
    }
    let whole = exp + n as i64;
    let mut i = 0;
    if whole > 0 {
        while i < whole as usize {
            out.push(digit(i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        out.push_str(&"0".repeat((-whole) as usize));
    }
    (i..n).for_each(|i| out.push(digit(i)));
    out
}

/// A nonnegative integer, least significant 32-bit limb first.
struct Big(Vec<u32>);

impl Big {
    fn from(v: u64) -> Big {
        let mut big = Big(vec![v as u32, (v >> 32) as u32]);
        big.trim();
        big
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn times(&mut self, k: u64) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let x = u64::from(*limb) * k + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    /// Divides by `k`, truncating; gives the remainder.
    fn divide(&mut self, k: u64) -> u64 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let x = (rem << 32) | u64::from(*limb);
            *limb = (x / k) as u32;
            rem = x % k;
        }
        self.trim();
        rem
    }

    fn bits(&self) -> u32 {
        self.0.last().map_or(0, |top| 32 * (self.0.len() as u32 - 1) + (32 - top.leading_zeros()))
    }

    /// Decimal digits, least significant first, without leading zeros.
    fn decimal_digits(mut self) -> Vec<u8> {
        let mut digits = Vec::new();
        while !self.0.is_empty() {
            digits.push(self.divide(10) as u8);
        }
        digits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_as_mlir() {
        let f32_of = |x: f32| f64::from(x);
        assert_eq!(float_text(0.1, FloatKind::F64).unwrap(), "1.000000e-01");
        assert_eq!(float_text(1.2345678, FloatKind::F64).unwrap(), "1.2345678");
        assert_eq!(float_text(f32_of(1.2345678), FloatKind::F32).unwrap(), "1.23456776");
        assert_eq!(float_text(4294967296.0, FloatKind::F32).unwrap(), "4.2949673E+9");
        assert_eq!(float_text(0.000123456789, FloatKind::F64).unwrap(), "1.23456789E-4");
        assert_eq!(float_text(1.0009765625, FloatKind::F16).unwrap(), "1.000980e+00");
        assert_eq!(float_text(3.140625, FloatKind::BF16).unwrap(), "3.140630e+00");
        assert_eq!(float_text(-2.5, FloatKind::F64).unwrap(), "-2.500000e+00");
        assert_eq!(float_text(0.0, FloatKind::F32).unwrap(), "0.000000e+00");
        assert_eq!(float_text(-0.0, FloatKind::F64).unwrap(), "-0.000000e+00");
        // No point in the natural form: hexadecimal.
        assert_eq!(float_text(1234567.0, FloatKind::F32), None);
        assert_eq!(float_text(16777216.0, FloatKind::F32), None);
        assert_eq!(float_text(123456789.0, FloatKind::F64), None);
        assert_eq!(float_text(f64::MIN_POSITIVE / 4.0, FloatKind::F64).unwrap(), "5.5626846462680035E-309");
    }
}
