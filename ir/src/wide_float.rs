//! The bits of the wide float formats, `f80` (x87 extended: a sign, 15
//! exponent bits, a 64-bit significand with its integer bit) and `f128`
//! (IEEE quad: a sign, 15 exponent bits, 112 fraction bits), to and from
//! `f64` (every `f64` is exactly one of each, and a wide value reads as
//! the `f64` nearest to it), and from decimal literals, in the format's own
//! precision.

/// The exponent bias of both formats.
const BIAS: i32 = 16383;
/// Both formats' largest exponent: infinities and NaNs.
const TOP: u128 = 0x7FFF;

/// A finite non-zero `f64`'s unbiased exponent and significand with its
/// leading 1 at bit 52 (a subnormal normalized).
fn parts(v: f64) -> (i32, u64) {
    let b = v.to_bits();
    let (exp, frac) = (((b >> 52) & 0x7FF) as i32, b & ((1 << 52) - 1));
    if exp == 0 {
        let shift = frac.leading_zeros() as i32 - 11;
        (-1022 - shift, frac << shift)
    } else {
        (exp - 1023, frac | (1 << 52))
    }
}

/// `x * 2^e`, in steps that neither overflow nor underflow on the way.
fn scaled(mut x: f64, mut e: i32) -> f64 {
    while e > 1000 && x.is_finite() {
        x *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 && x != 0.0 {
        x *= 2f64.powi(-1000);
        e += 1000;
    }
    x * 2f64.powi(e)
}

/// The `f80` bits of `v`, exactly (a NaN keeps its payload's top bits).
pub fn f80_from_f64(v: f64) -> u128 {
    let b = v.to_bits();
    let sign = u128::from(b >> 63) << 79;
    if v.is_nan() || v.is_infinite() {
        return sign | (TOP << 64) | (1 << 63) | (u128::from(b & ((1 << 52) - 1)) << 11);
    }
    if v == 0.0 {
        return sign;
    }
    let (exp, significand) = parts(v);
    sign | (((exp + BIAS) as u128) << 64) | (u128::from(significand) << 11)
}

/// The `f64` nearest to the `f80` of `bits`.
pub fn f80_to_f64(bits: u128) -> f64 {
    let negative = (bits >> 79) & 1 == 1;
    let exp = ((bits >> 64) & TOP) as i32;
    let significand = bits as u64;
    let magnitude = if exp == TOP as i32 {
        if significand << 1 == 0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else {
        // A zero exponent is read as the smallest one (denormals).
        scaled(significand as f64, exp.max(1) - BIAS - 63)
    };
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

/// The `f128` bits of `v`, exactly (a NaN keeps its payload).
pub fn f128_from_f64(v: f64) -> u128 {
    let b = v.to_bits();
    let sign = u128::from(b >> 63) << 127;
    if v.is_nan() || v.is_infinite() {
        return sign | (TOP << 112) | (u128::from(b & ((1 << 52) - 1)) << 60);
    }
    if v == 0.0 {
        return sign;
    }
    let (exp, significand) = parts(v);
    let fraction = u128::from(significand & ((1 << 52) - 1)) << 60;
    sign | (((exp + BIAS) as u128) << 112) | fraction
}

/// The `f64` nearest to the `f128` of `bits`.
pub fn f128_to_f64(bits: u128) -> f64 {
    let negative = bits >> 127 == 1;
    let exp = ((bits >> 112) & TOP) as i32;
    let fraction = bits & ((1 << 112) - 1);
    let magnitude = if exp == TOP as i32 {
        if fraction == 0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else if exp == 0 {
        scaled(fraction as f64, 1 - BIAS - 112)
    } else {
        scaled((fraction | (1 << 112)) as f64, exp - BIAS - 112)
    };
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

/// Whether the bits of a wide format (`f80` when `f80`, else `f128`) are a
/// finite value.
pub fn is_finite(f80: bool, bits: u128) -> bool {
    let exp = if f80 { bits >> 64 } else { bits >> 112 } & TOP;
    exp != TOP
}

/// The bits of a wide format (`f80` when `f80`, else `f128`) nearest to
/// the decimal literal `text` (`-1.25`, `3e-4950`, digits with an optional
/// point and exponent), ties to even; `None` if `text` is not one. Values
/// beyond the format's range are infinities, values below its smallest
/// denormal zeros, as MLIR's reader makes them.
pub fn from_decimal(f80: bool, text: &str) -> Option<u128> {
    use num_bigint::BigUint;
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], body[i + 1..].parse::<i64>().ok()?),
        None => (body, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let exp10 = exponent.checked_sub(i64::try_from(fraction.len()).ok()?)?;
    let sign = u128::from(negative) << if f80 { 79 } else { 127 };
    let d = BigUint::parse_bytes(digits.as_bytes(), 10)?;
    // Beyond any finite value or below any denormal (both formats reach
    // about 1.2e4932 and 3.6e-4951): an infinity or a zero without the
    // arithmetic.
    let magnitude = exp10 + digits.trim_start_matches('0').len() as i64;
    if d == BigUint::ZERO || magnitude < -5000 {
        return Some(sign);
    }
    let precision: u64 = if f80 { 64 } else { 113 };
    let infinity = if f80 { (TOP << 64) | (1 << 63) } else { TOP << 112 };
    if magnitude > 5000 {
        return Some(sign | infinity);
    }
    // value = q * 2^e2, q of precision + 3 bits or more, `sticky` for any
    // nonzero bits below q.
    let (q, e2, sticky) = if exp10 >= 0 {
        (d * BigUint::from(10u32).pow(exp10 as u32), 0i64, false)
    } else {
        let den = BigUint::from(10u32).pow((-exp10) as u32);
        let k = (precision as i64 + 3 + den.bits() as i64 - d.bits() as i64).max(0);
        let shifted = d << k as usize;
        let (q, r) = (&shifted / &den, &shifted % &den);
        (q, -k, r != BigUint::ZERO)
    };
    // The leading bit's exponent, and the format's least (normal) one.
    let lead = q.bits() as i64 - 1 + e2;
    let least = i64::from(1 - BIAS);
    let top = lead.max(least);
    // Drop the bits below the format's last significand bit at `top`.
    let drop = top - (precision as i64 - 1) - e2;
    let mut significand = if drop > 0 {
        let kept = &q >> drop as usize;
        let rest = &q - (&kept << drop as usize);
        let half = BigUint::from(1u32) << (drop - 1) as usize;
        let odd = kept.bit(0);
        let up = rest > half || (rest == half && (sticky || odd));
        kept + BigUint::from(u32::from(up))
    } else {
        q << (-drop) as usize
    };
    let mut exp = top;
    if significand.bits() > precision {
        significand >>= 1;
        exp += 1;
    }
    if exp > i64::from(BIAS) {
        return Some(sign | infinity);
    }
    let sig: u128 = significand.iter_u64_digits().enumerate().map(|(i, w)| u128::from(w) << (64 * i)).sum();
    let normal = sig >> (precision - 1) == 1;
    let field = if normal { (exp + i64::from(BIAS)) as u128 } else { 0 };
    Some(if f80 { sign | (field << 64) | sig } else { sign | (field << 112) | (sig & ((1 << 112) - 1)) })
}

#[cfg(test)]
mod tests {
    use super::*;

    const VALUES: [f64; 12] =
        [1.0, -2.5, 0.1, 1e300, -1e-300, 5e-324, 2.2250738585072014e-308, f64::MAX, f64::MIN_POSITIVE, 0.0, -0.0, 3.0];

    #[test]
    fn every_f64_goes_there_and_back() {
        for v in VALUES.into_iter().chain([f64::INFINITY, f64::NEG_INFINITY]) {
            assert_eq!(f80_to_f64(f80_from_f64(v)).to_bits(), v.to_bits(), "f80 {v:e}");
            assert_eq!(f128_to_f64(f128_from_f64(v)).to_bits(), v.to_bits(), "f128 {v:e}");
        }
        assert!(f80_to_f64(f80_from_f64(f64::NAN)).is_nan());
        assert!(f128_to_f64(f128_from_f64(f64::NAN)).is_nan());
    }

    #[test]
    fn known_encodings() {
        assert_eq!(f80_from_f64(1.0), 0x3FFF_8000_0000_0000_0000);
        assert_eq!(f80_from_f64(-2.0), 0xC000_8000_0000_0000_0000);
        assert_eq!(f80_from_f64(f64::INFINITY), 0x7FFF_8000_0000_0000_0000);
        assert_eq!(f128_from_f64(1.0), 0x3FFF_0000_0000_0000_0000_0000_0000_0000);
        assert_eq!(f128_from_f64(-0.5), 0xBFFE_0000_0000_0000_0000_0000_0000_0000);
        // The smallest f64 subnormal, 2^-1074, is normal in both.
        assert_eq!(f80_from_f64(5e-324), ((16383 - 1074) << 64) | (1 << 63));
        assert_eq!(f128_from_f64(5e-324), (16383 - 1074) << 112);
    }

    #[test]
    fn decimals_read_exactly() {
        // A decimal an f64 holds exactly reads as that f64's bits.
        for v in [1.0, -2.5, 3.0, 0.5, 1024.0, 0.0, -0.0, 1.5e10, 0.0009765625] {
            let text = format!("{v:e}");
            assert_eq!(from_decimal(true, &text), Some(f80_from_f64(v)), "f80 {text}");
            assert_eq!(from_decimal(false, &text), Some(f128_from_f64(v)), "f128 {text}");
        }
        // What MLIR prints for 1 + 2^-63 in f80 and 1 + 2^-112 in f128.
        assert_eq!(from_decimal(true, "1.00000000000000000011"), Some(0x3FFF_8000_0000_0000_0001));
        assert_eq!(from_decimal(false, "1.00000000000000000000000000000000019"), Some((0x3FFF << 112) | 1));
        // Halfway between 1 and 1 + 2^-63: to even.
        assert_eq!(
            from_decimal(true, "1.0000000000000000000542101086242752217003726400434970855712890625"),
            Some(0x3FFF_8000_0000_0000_0000)
        );
        // Beyond f64's range, and the smallest f80 denormal (2^-16445).
        assert_eq!(from_decimal(true, "1e400").map(f80_to_f64), Some(f64::INFINITY));
        assert_eq!(from_decimal(true, "1e400").map(|b| b >> 64), Some(0x452F));
        assert_eq!(from_decimal(true, "3.6451995318824746e-4951"), Some(1));
        assert_eq!(from_decimal(true, "1e-5000"), Some(0));
        assert_eq!(from_decimal(false, "-1e5000"), Some((1 << 127) | (0x7FFF << 112)));
        assert_eq!(from_decimal(true, "1.5x"), None);
        assert_eq!(from_decimal(true, ""), None);
    }

    #[test]
    fn wider_values_round_to_the_nearest_f64() {
        // 1 + 2^-63: nearer 1 than the next f64.
        assert_eq!(f80_to_f64(0x3FFF_8000_0000_0000_0001), 1.0);
        // 1 + 2^-52 + 2^-53 + 2^-60: above the tie, rounds up.
        let above_tie = 0x3FFF_8000_0000_0000_0C00 | 0x8;
        assert_eq!(f80_to_f64(above_tie), 1.0 + 2f64.powi(-51));
        // Beyond f64's range: infinity; below it: zero.
        assert_eq!(f80_to_f64(0x7FFE_8000_0000_0000_0000), f64::INFINITY);
        assert_eq!(f128_to_f64(0x0001_0000_0000_0000_0000_0000_0000_0000), 0.0);
        assert!(f80_to_f64(0x7FFF_C000_0000_0000_0000).is_nan());
    }
}
