//! Unit tests, one or more per encoding class: words assembled by `llvm-mc-15
//! -mcpu=<target>` and the text `llvm-objdump-15` prints for them.

use oxrocm_amdgcn::{Class, Target, decode};

fn check(target: Target, words: &[u32], class: Class, want: &str) {
    let (inst, n) = decode(words, target).unwrap_or_else(|e| panic!("{want}: {e}"));
    assert_eq!(inst.to_string(), want);
    assert_eq!(n, words.len(), "{want}: words used");
    assert_eq!(inst.class, class, "{want}");
}

#[test]
fn gfx1030() {
    check(Target::Gfx1030, &[0xbe800301], Class::Sop1, "s_mov_b32 s0, s1");
    check(Target::Gfx1030, &[0xbe82047e], Class::Sop1, "s_mov_b64 s[2:3], exec");
    check(Target::Gfx1030, &[0x8000ff01, 0x12345678], Class::Sop2, "s_add_u32 s0, s1, 0x12345678");
    check(Target::Gfx1030, &[0x8f808402], Class::Sop2, "s_lshl_b64 s[0:1], s[2:3], 4");
    check(Target::Gfx1030, &[0xbf06f200], Class::Sopc, "s_cmp_eq_u32 s0, 1.0");
    check(Target::Gfx1030, &[0xb0051234], Class::Sopk, "s_movk_i32 s5, 0x1234");
    check(Target::Gfx1030, &[0xb9023901], Class::Sopk, "s_getreg_b32 s2, hwreg(HW_REG_MODE, 4, 8)");
    check(Target::Gfx1030, &[0xbf8c0070], Class::Sopp, "s_waitcnt vmcnt(0) lgkmcnt(0)");
    check(Target::Gfx1030, &[0xbf88000c], Class::Sopp, "s_cbranch_execz 12");
    check(Target::Gfx1030, &[0xbf900001], Class::Sopp, "s_sendmsg sendmsg(MSG_INTERRUPT)");
    check(Target::Gfx1030, &[0xbf810000], Class::Sopp, "s_endpgm");
    check(Target::Gfx1030, &[0xf4080100, 0xfa000010], Class::Smem, "s_load_dwordx4 s[4:7], s[0:1], 0x10");
    check(Target::Gfx1030, &[0xf42100c4, 0x08000020], Class::Smem, "s_buffer_load_dword s3, s[8:11], s4 offset:0x20 glc");
    check(Target::Gfx1030, &[0x7e0202f0], Class::Vop1, "v_mov_b32_e32 v1, 0.5");
    check(Target::Gfx1030, &[0x7e000000], Class::Vop1, "v_nop");
    check(Target::Gfx1030, &[0x06000202], Class::Vop2, "v_add_f32_e32 v0, s2, v1");
    check(Target::Gfx1030, &[0x58000501, 0x40490fdb], Class::Vop2, "v_fmamk_f32 v0, v1, 0x40490fdb, v2");
    check(Target::Gfx1030, &[0x7c020300], Class::Vopc, "v_cmp_lt_f32_e32 vcc_lo, v0, v1");
    check(Target::Gfx1030, &[0xd4c20004, 0x00020883], Class::Vop3, "v_cmp_eq_u32_e64 s4, 3, v4");
    check(Target::Gfx1030, &[0xd54b8100, 0x2bca0501], Class::Vop3, "v_fma_f32 v0, -|v1|, v2, 1.0 clamp mul:2");
    check(Target::Gfx1030, &[0xd70f6a05, 0x00020a00], Class::Vop3, "v_add_co_u32 v5, vcc_lo, s0, v5");
    check(Target::Gfx1030, &[0xd5280301, 0x00120702], Class::Vop3, "v_add_co_ci_u32_e64 v1, s3, v2, v3, s4");
    check(Target::Gfx1030, &[0xd6ff0005, 0x00020282], Class::Vop3, "v_lshlrev_b64 v[5:6], 2, v[1:2]");
    check(Target::Gfx1030, &[0xd74b4800, 0x040e0501], Class::Vop3, "v_fma_f16 v0, v1, v2, v3 op_sel:[1,0,0,1]");
    check(Target::Gfx1030, &[0xcc0e4000, 0x340e0501], Class::Vop3p, "v_pk_fma_f16 v0, v1, v2, v3 op_sel_hi:[0,1,1] neg_lo:[1,0,0]");
    check(Target::Gfx1030, &[0xcc200000, 0x1c0e0501], Class::Vop3p, "v_fma_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,1,0]");
    check(Target::Gfx1030, &[0x7e0002fa, 0xff08b101], Class::Vop1, "v_mov_b32_dpp v0, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:1");
    check(Target::Gfx1030, &[0x060004fa, 0xa3011101], Class::Vop2, "v_add_f32_dpp v0, v1, v2 row_shr:1 row_mask:0xa bank_mask:0x3");
    check(Target::Gfx1030, &[0x7e0002e9, 0x05397701], Class::Vop1, "v_mov_b32_dpp v0, v1 dpp8:[7,6,5,4,3,2,1,0]");
    check(Target::Gfx1030, &[0x7e0002f9, 0x00000501], Class::Vop1, "v_mov_b32_sdwa v0, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0");
    check(Target::Gfx1030, &[0xd8380804, 0x00030201], Class::Ds, "ds_write2_b32 v1, v2, v3 offset0:4 offset1:8");
    check(Target::Gfx1030, &[0xd9d80100, 0x02000001], Class::Ds, "ds_read_b64 v[2:3], v1 offset:256");
    check(Target::Gfx1030, &[0xdacc0000, 0x04000301], Class::Ds, "ds_bpermute_b32 v4, v1, v3");
    check(Target::Gfx1030, &[0xdc300010, 0x007d0001], Class::Flat, "flat_load_dword v0, v[1:2] offset:16");
    check(Target::Gfx1030, &[0xdc748ff8, 0x00040201], Class::Flat, "global_store_dwordx2 v1, v[2:3], s[4:5] offset:-8");
    check(Target::Gfx1030, &[0xdcc98000, 0x007d0301], Class::Flat, "global_atomic_add v0, v[1:2], v3, off glc");
    check(Target::Gfx1030, &[0xdc304010, 0x00020000], Class::Flat, "scratch_load_dword v0, off, s2 offset:16");
    check(Target::Gfx1030, &[0xe0700004, 0x04000100], Class::Mubuf, "buffer_store_dword v1, off, s[0:3], s4 offset:4");
    check(Target::Gfx1030, &[0xe030d010, 0x80400001], Class::Mubuf, "buffer_load_dword v0, v1, s[0:3], 0 offen offset:16 glc slc dlc");
    check(Target::Gfx1030, &[0xe1c40000, 0x00000000], Class::Mubuf, "buffer_gl0_inv");
}

#[test]
fn gfx1100() {
    check(Target::Gfx1100, &[0xbe800001], Class::Sop1, "s_mov_b32 s0, s1");
    check(Target::Gfx1100, &[0x91007e01], Class::Sop2, "s_and_not1_b32 s0, s1, exec_lo");
    check(Target::Gfx1100, &[0xbf870491], Class::Sopp, "s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(SALU_CYCLE_1)");
    check(Target::Gfx1100, &[0xbf890432], Class::Sopp, "s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3)");
    check(Target::Gfx1100, &[0xbf880fff], Class::Sopp, "s_waitcnt_depctr 0xfff");
    check(Target::Gfx1100, &[0xbfb60003], Class::Sopp, "s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)");
    check(Target::Gfx1100, &[0xf4040001, 0xf81fffc0], Class::Smem, "s_load_b64 s[0:1], s[2:3], -0x40");
    check(Target::Gfx1100, &[0xc8500501, 0x000000f4, 0x41000000], Class::Vopd, "v_dual_fmaak_f32 v0, v1, v2, 0x41000000 :: v_dual_mov_b32 v1, 2.0");
    check(Target::Gfx1100, &[0xc8e00d05, 0x04061308], Class::Vopd, "v_dual_mul_f32 v4, v5, v6 :: v_dual_add_nc_u32 v7, v8, v9");
    check(Target::Gfx1100, &[0xcc404000, 0x1c022108], Class::Vop3p, "v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]");
    // The hazard padding LLVM puts before a WMMA that reads the previous one's result.
    check(Target::Gfx1100, &[0x7e000000], Class::Vop1, "v_nop");
    check(Target::Gfx1100, &[0xd5030000, 0x000204fa, 0xff00b101], Class::Vop3, "v_add_f32_e64_dpp v0, v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf");
    check(Target::Gfx1100, &[0xd5010000, 0x000e0501], Class::Vop3, "v_cndmask_b32_e64 v0, v1, v2, s3");
    check(Target::Gfx1100, &[0xd6fe7c00, 0x04120702], Class::Vop3, "v_mad_u64_u32 v[0:1], null, v2, v3, v[4:5]");
    check(Target::Gfx1100, &[0xd8d80008, 0x00000001], Class::Ds, "ds_load_b32 v0, v1 offset:8");
    check(Target::Gfx1100, &[0xd9340000, 0x00000201], Class::Ds, "ds_store_b64 v1, v[2:3]");
    check(Target::Gfx1100, &[0xdc5e0000, 0x00020001], Class::Flat, "global_load_b128 v[0:3], v1, s[2:3]");
    check(Target::Gfx1100, &[0xdc690008, 0x00000100], Class::Flat, "scratch_store_b32 off, v1, s0 offset:8");
    check(Target::Gfx1100, &[0xdc510010, 0x00fc0001], Class::Flat, "scratch_load_b32 v0, v1, off offset:16");
    check(Target::Gfx1100, &[0xe0507010, 0x04400001], Class::Mubuf, "buffer_load_b32 v0, v1, s[0:3], s4 offen offset:16 glc slc dlc");
    check(Target::Gfx1100, &[0x7c880081], Class::Vopc, "v_cmp_gt_i32_e32 vcc_lo, 1, v0");
    check(Target::Gfx1100, &[0xd49b027e, 0x000204ff, 0x48000000], Class::Vop3, "v_cmpx_ngt_f32_e64 0x48000000, |v2|");
    check(Target::Gfx1100, &[0xcc0a4000, 0x18010901], Class::Vop3p, "v_pk_add_u16 v0, v1, 4");
    check(Target::Gfx1100, &[0xcc134000, 0x1c0e0501], Class::Vop3p, "v_dot2_f32_f16 v0, v1, v2, v3");
}

#[test]
fn typed_fields() {
    // s_waitcnt vmcnt(0) lgkmcnt(0) (gfx1030)
    let (i, _) = decode(&[0xbf8c0070], Target::Gfx1030).unwrap();
    let w = i.waitcnt().unwrap();
    assert_eq!((w.vmcnt, w.expcnt, w.lgkmcnt), (0, 7, 0));
    // s_cbranch_execz -3 words
    let (i, _) = decode(&[0xbf88fffd], Target::Gfx1030).unwrap();
    assert_eq!(i.branch_offset(), Some(-3));
    assert_eq!(i.to_string(), "s_cbranch_execz 65533");
    // VOPD: two halves
    let (i, n) = decode(&[0xc8500501, 0x000000f4, 0x41000000], Target::Gfx1100).unwrap();
    assert_eq!(n, 3);
    assert_eq!(i.info.name, "v_dual_fmaak_f32");
    assert_eq!(i.vopd_y.as_ref().unwrap().info.name, "v_dual_mov_b32");
    assert_eq!(i.operands[3], oxrocm_amdgcn::Operand::Literal(0x41000000));
    assert_eq!(i.vopd_y.as_ref().unwrap().operands[1], oxrocm_amdgcn::Operand::InlineFloat(244));
    // the same words are not VOPD on gfx1030
    assert!(decode(&[0xc8500501, 0x000000f4], Target::Gfx1030).is_err());
}

#[test]
fn branch_label_operand() {
    let (i, _) = decode(&[0xbf88fffd], Target::Gfx1030).unwrap();
    assert_eq!(i.operands, vec![oxrocm_amdgcn::Operand::Label(-3)]);
    let (i, _) = decode(&[0xbf800003], Target::Gfx1030).unwrap();
    assert_eq!(i.to_string(), "s_nop 3");
    assert_eq!(i.operands, vec![oxrocm_amdgcn::Operand::Imm(3)]);
}
