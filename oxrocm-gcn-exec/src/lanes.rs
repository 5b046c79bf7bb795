//! Which lane a cross-lane operation reads, per lane: DPP16 controls (gfx10+: quad
//! permute, row shifts and rotates, mirrors, row_share, row_xmask), DPP8 selects, and
//! `ds_swizzle_b32` patterns (quad permute and bit-mask modes). A row is 16 lanes, a bank
//! 4 lanes of a row. `None` means the source lies outside the row: the instruction then
//! writes zero (bound_ctrl) or leaves the destination alone.

/// DPP16 control values (the 9-bit `dpp_ctrl` field).
pub mod ctrl {
    pub const QUAD_PERM_LAST: u32 = 0x0ff;
    pub const ROW_SHL0: u32 = 0x100;
    pub const ROW_SHR0: u32 = 0x110;
    pub const ROW_ROR0: u32 = 0x120;
    pub const ROW_MIRROR: u32 = 0x140;
    pub const ROW_HALF_MIRROR: u32 = 0x141;
    pub const ROW_SHARE0: u32 = 0x150;
    pub const ROW_XMASK0: u32 = 0x160;
}

/// Source lane of `lane` under DPP16 control `c`, or `None` (out of the row, or a control
/// that gfx10+ does not define).
pub fn dpp16_source(c: u32, lane: usize) -> Option<usize> {
    let row = lane & !15;
    let i = lane & 15;
    Some(match c {
        0..=ctrl::QUAD_PERM_LAST => (lane & !3) | ((c >> (2 * (lane & 3))) & 3) as usize,
        0x101..=0x10f => {
            let s = i + (c - ctrl::ROW_SHL0) as usize;
            if s > 15 {
                return None;
            }
            row | s
        }
        0x111..=0x11f => row | i.checked_sub((c - ctrl::ROW_SHR0) as usize)?,
        0x121..=0x12f => row | ((i + 16 - (c - ctrl::ROW_ROR0) as usize) & 15),
        ctrl::ROW_MIRROR => row | (15 - i),
        ctrl::ROW_HALF_MIRROR => row | (i & 8) | (7 - (i & 7)),
        0x150..=0x15f => row | (c - ctrl::ROW_SHARE0) as usize,
        0x160..=0x16f => row | (i ^ (c - ctrl::ROW_XMASK0) as usize),
        _ => return None,
    })
}

/// Whether DPP16 writes `lane`'s result: its row enabled in `row_mask` and its bank in
/// `bank_mask`.
pub fn dpp16_writes(row_mask: u32, bank_mask: u32, lane: usize) -> bool {
    row_mask >> ((lane >> 4) & 3) & 1 != 0 && bank_mask >> ((lane >> 2) & 3) & 1 != 0
}

/// Source lane under DPP8 (`sel`: eight 3-bit lane selects within each group of 8).
pub fn dpp8_source(sel: u32, lane: usize) -> usize {
    (lane & !7) | ((sel >> (3 * (lane & 7))) & 7) as usize
}

/// Source lane of `ds_swizzle_b32` with pattern `offset`: bit 15 set, quad permute (two
/// bits per lane of each quad); else bit-mask mode over groups of 32 lanes, ((lane &
/// and_mask) | or_mask) ^ xor_mask with the masks in bits 0-4, 5-9 and 10-14.
pub fn swizzle_source(offset: u32, lane: usize) -> usize {
    if offset & 0x8000 != 0 {
        (lane & !3) | ((offset >> (2 * (lane & 3))) & 3) as usize
    } else {
        let (and, or, xor) = (offset & 31, (offset >> 5) & 31, (offset >> 10) & 31);
        (lane & !31) | ((((lane as u32 & and) | or) ^ xor) & 31) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(f: impl Fn(usize) -> Option<usize>, lanes: std::ops::Range<usize>) -> Vec<Option<usize>> {
        lanes.map(f).collect()
    }

    #[test]
    fn quad_perm_and_row_moves() {
        // quad_perm:[1,0,3,2] = 0b10_11_00_01 = 0xb1: neighbours swap.
        assert_eq!(map(|l| dpp16_source(0xb1, l), 0..8), [1, 0, 3, 2, 5, 4, 7, 6].map(Some));
        // The identity quad_perm:[0,1,2,3] = 0xe4.
        assert!((0..32).all(|l| dpp16_source(0xe4, l) == Some(l)));
        // row_shl:1 reads the next lane; the row's last lane has none.
        assert_eq!(dpp16_source(0x101, 16), Some(17));
        assert_eq!(dpp16_source(0x101, 15), None);
        assert_eq!(dpp16_source(0x101, 31), None);
        // row_shr:3 reads three lanes back, not across rows.
        assert_eq!(dpp16_source(0x113, 19), Some(16));
        assert_eq!(dpp16_source(0x113, 18), None);
        // row_ror:4 wraps inside the row.
        assert_eq!(dpp16_source(0x124, 17), Some(29));
        assert_eq!(dpp16_source(0x124, 20), Some(16));
        assert_eq!(dpp16_source(ctrl::ROW_MIRROR, 16), Some(31));
        assert_eq!(dpp16_source(ctrl::ROW_HALF_MIRROR, 9), Some(14));
        assert_eq!(dpp16_source(ctrl::ROW_HALF_MIRROR, 2), Some(5));
        // row_share:5 broadcasts lane 5 of each row; row_xmask:15 mirrors by xor.
        assert_eq!(map(|l| dpp16_source(0x155, l), 14..18), [Some(5), Some(5), Some(21), Some(21)]);
        assert_eq!(dpp16_source(0x155, 3), Some(5));
        assert_eq!(dpp16_source(0x16f, 17), Some(30));
        // gfx9's wave shifts and broadcasts do not exist on gfx10+.
        assert_eq!(dpp16_source(0x130, 4), None);
        assert_eq!(dpp16_source(0x142, 4), None);
    }

    #[test]
    fn masks_select_rows_and_banks() {
        assert!(dpp16_writes(0xf, 0xf, 31));
        assert!(!dpp16_writes(0b1101, 0xf, 17)); // row 1 off
        assert!(!dpp16_writes(0xf, 0b1011, 10)); // bank 2 (lanes 8-11) off
        assert!(dpp16_writes(0xf, 0b1011, 12));
    }

    #[test]
    fn dpp8_and_swizzle() {
        // dpp8:[7,6,5,4,3,2,1,0] reverses each group of 8.
        let sel = (0..8).fold(0u32, |s, i| s | ((7 - i) << (3 * i)));
        assert_eq!((0..16).map(|l| dpp8_source(sel, l)).collect::<Vec<_>>(), [7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8]);
        // swizzle(QUAD_PERM, 3, 2, 1, 0) = 0x8000 | 0b00_01_10_11.
        assert_eq!((4..8).map(|l| swizzle_source(0x801b, l)).collect::<Vec<_>>(), [7, 6, 5, 4]);
        // swizzle(SWAP, 16): xor_mask 16, and_mask 31 -> 0x401f.
        assert_eq!(swizzle_source(0x401f, 3), 19);
        assert_eq!(swizzle_source(0x401f, 35), 51);
        // swizzle(BROADCAST, 8, 5): and_mask 0b11000, or_mask 5 -> lanes of each 8 read lane 5.
        let bcast = 0b11000 | (5 << 5);
        assert_eq!((8..16).map(|l| swizzle_source(bcast, l)).collect::<Vec<_>>(), [13; 8]);
    }
}
