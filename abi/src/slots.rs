//! Argument and result slots: how host values travel into an entry wrapper
//! and how its results are read back.

use crate::{HostValue, Number, ScalarType, SlotType};

/// The argument slots of a call (see the [crate] documentation): `graph` is
/// the address of the graph descriptor, for arguments of the graph type.
/// The error says which argument cannot travel as its slot type asks.
pub fn argument_slots(args: &[HostValue], inputs: &[SlotType], graph: Option<u64>) -> Result<Vec<u64>, String> {
    if args.len() != inputs.len() {
        return Err(format!("error: the entry takes {} arguments, got {}", inputs.len(), args.len()));
    }
    let mut slots = Vec::with_capacity(args.len());
    for (i, (v, t)) in args.iter().zip(inputs).enumerate() {
        slots.push(match (v, t) {
            (HostValue::Graph, SlotType::Graph) => graph.ok_or("error: the entry takes a graph but none was given")?,
            (HostValue::Scalar(_, Number::Int(i)), SlotType::Scalar(_)) => *i as i64 as u64,
            (HostValue::Scalar(_, Number::Float(x)), SlotType::Scalar(ScalarType::F32)) => {
                u64::from((*x as f32).to_bits())
            }
            (HostValue::Scalar(_, Number::Float(x)), SlotType::Scalar(_)) => x.to_bits(),
            (v, t) => return Err(format!("error: argument {}: {v:?} cannot be passed as {t:?}", i + 1)),
        });
    }
    Ok(slots)
}

/// A scalar of type `t` from its bytes in memory (little-endian, `i1` as a
/// nonzero byte, narrower integers sign-extended).
pub fn decode(t: ScalarType, b: &[u8]) -> Number {
    let word = |n: usize| {
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(&b[..n]);
        u64::from_le_bytes(w)
    };
    match t {
        ScalarType::F32 => Number::Float(f64::from(f32::from_bits(word(4) as u32))),
        ScalarType::F64 => Number::Float(f64::from_bits(word(8))),
        ScalarType::Int(1) => Number::Int(if b[0] != 0 { -1 } else { 0 }),
        ScalarType::Int(width) if width < 64 => {
            let n = (width as usize).div_ceil(8);
            let shift = 64 - 8 * n as u32;
            Number::Int(i128::from(((word(n) << shift) as i64) >> shift))
        }
        _ => Number::Int(i128::from(word(8) as i64)),
    }
}

/// A scalar result from its slot.
pub fn decode_slot(t: ScalarType, slot: u64) -> HostValue {
    HostValue::Scalar(t, decode(t, &slot.to_le_bytes()))
}

/// A buffer of elements of type `elem` from its bytes in memory.
pub fn decode_buffer(elem: ScalarType, raw: &[u8]) -> HostValue {
    let bytes = elem.bytes().unwrap_or(8);
    HostValue::Buffer(elem, raw.chunks(bytes).map(|c| decode(elem, c)).collect())
}

/// The buffers a run returned that the caller must release: every buffer
/// result, once, except null pointers and those `kept` says the run does
/// not hand over (the graph's own arrays; on the GPU, the pool's blocks,
/// which the next launch reuses).
pub fn returned_buffers(results: &[SlotType], slots: &[u64], kept: impl Fn(u64) -> bool) -> Vec<u64> {
    let mut owned: Vec<u64> = Vec::new();
    for (t, s) in results.iter().zip(slots) {
        if matches!(t, SlotType::Buffer(_)) && *s != 0 && !owned.contains(s) && !kept(*s) {
            owned.push(*s);
        }
    }
    owned
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_fill_their_slots() {
        let args = [
            HostValue::Graph,
            HostValue::int(ScalarType::Int(32), -2),
            HostValue::float(ScalarType::F32, 0.5),
            HostValue::float(ScalarType::F64, 0.5),
        ];
        let types = [
            SlotType::Graph,
            SlotType::Scalar(ScalarType::Int(32)),
            SlotType::Scalar(ScalarType::F32),
            SlotType::Scalar(ScalarType::F64),
        ];
        let slots = argument_slots(&args, &types, Some(0x1000)).unwrap();
        assert_eq!(slots, vec![0x1000, u64::MAX - 1, u64::from(0.5f32.to_bits()), 0.5f64.to_bits()]);
        assert!(argument_slots(&args, &types, None).unwrap_err().contains("takes a graph"));
        assert!(argument_slots(&args[1..], &types[1..2], None).unwrap_err().contains("takes 1 arguments, got 3"));
        let buffer = [HostValue::Buffer(ScalarType::Int(64), vec![])];
        assert!(argument_slots(&buffer, &types[1..2], None).unwrap_err().contains("argument 1"));
    }

    #[test]
    fn results_decode_by_their_type() {
        assert_eq!(decode(ScalarType::Int(1), &[1]), Number::Int(-1));
        assert_eq!(decode(ScalarType::Int(8), &[0xff]), Number::Int(-1));
        assert_eq!(decode(ScalarType::Int(32), &(-5i32).to_le_bytes()), Number::Int(-5));
        assert_eq!(decode(ScalarType::Index, &u64::MAX.to_le_bytes()), Number::Int(-1));
        assert_eq!(decode(ScalarType::F32, &1.5f32.to_le_bytes()), Number::Float(1.5));
        assert_eq!(decode_slot(ScalarType::F64, 2.5f64.to_bits()), HostValue::float(ScalarType::F64, 2.5));
        let raw: Vec<u8> = [3i32, -4].iter().flat_map(|x| x.to_le_bytes()).collect();
        assert_eq!(
            decode_buffer(ScalarType::Int(32), &raw),
            HostValue::Buffer(ScalarType::Int(32), vec![Number::Int(3), Number::Int(-4)])
        );
    }

    #[test]
    fn each_returned_buffer_is_released_once() {
        let b = SlotType::Buffer(ScalarType::Int(64));
        let s = SlotType::Scalar(ScalarType::Int(64));
        assert_eq!(returned_buffers(&[b, b, s, b, b], &[8, 8, 16, 0, 24], |p| p == 24), vec![8]);
    }
}
