//! The bits of the wide float formats, `f80` (x87 extended: a sign, 15
//! exponent bits, a 64-bit significand with its integer bit) and `f128`
//! (IEEE quad: a sign, 15 exponent bits, 112 fraction bits), to and from
//! `f64`: every `f64` is exactly one of each, and a wide value reads as
//! the `f64` nearest to it.

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
