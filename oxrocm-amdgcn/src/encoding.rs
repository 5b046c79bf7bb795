//! Encoding classes, told apart by the fixed prefix bits of the first word.

use crate::Target;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Sop1,
    Sop2,
    Sopc,
    Sopk,
    Sopp,
    Smem,
    Vop1,
    Vop2,
    Vopc,
    Vop3,
    Vop3p,
    /// gfx11 dual issue.
    Vopd,
    Ds,
    /// FLAT, GLOBAL and SCRATCH (the segment field tells them apart).
    Flat,
    Mubuf,
    Mtbuf,
    Mimg,
    Exp,
    /// gfx10 VINTRP / gfx11 VINTERP.
    Vintrp,
    /// gfx11 LDSDIR.
    Ldsdir,
    /// A prefix no class uses.
    Unknown,
}

/// The encoding class of an instruction starting with word `w`.
pub fn classify(w: u32, target: Target) -> Class {
    if w >> 31 == 0 {
        return match (w >> 25) & 0x3F {
            0x3F => Class::Vop1,
            0x3E => Class::Vopc,
            _ => Class::Vop2,
        };
    }
    if w >> 30 == 0b10 {
        if w >> 28 != 0b1011 {
            return Class::Sop2;
        }
        return match w >> 23 {
            0x17D => Class::Sop1,
            0x17E => Class::Sopc,
            0x17F => Class::Sopp,
            _ => Class::Sopk,
        };
    }
    match w >> 26 {
        0x32 if target.is_gfx11() => Class::Vopd,
        0x32 => Class::Vintrp,
        0x33 if target.is_gfx11() => match (w >> 24) & 3 {
            0 => Class::Vop3p,
            1 => Class::Vintrp,
            _ => Class::Ldsdir,
        },
        0x33 => Class::Vop3p,
        0x35 => Class::Vop3,
        0x36 => Class::Ds,
        0x37 => Class::Flat,
        0x38 => Class::Mubuf,
        0x3A => Class::Mtbuf,
        0x3C => Class::Mimg,
        0x3D => Class::Smem,
        0x3E => Class::Exp,
        _ => Class::Unknown,
    }
}
