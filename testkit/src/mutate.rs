//! Seeded mutations: the same seed gives the same inputs on every machine, so a failure
//! names its input index and iteration and can be replayed.

/// splitmix64: small, fast and well distributed; the seed alone fixes the sequence.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// `input` with 1-8 flipped bytes (70%), a truncation (15%) or both (15%). Half the flips
/// land in the first 512 or the last 1,024 bytes, where an ELF's, bundle's or CCOB's
/// headers and tables are.
pub fn mutate(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut b = input.to_vec();
    let mode = rng.below(100);
    if mode >= 70 {
        let keep = rng.below(b.len());
        b.truncate(keep);
    }
    if !(70..85).contains(&mode) && !b.is_empty() {
        for _ in 0..1 + rng.below(8) {
            let n = b.len();
            let at = match rng.below(4) {
                0 => rng.below(n.min(512)),
                1 => n - 1 - rng.below(n.min(1024)),
                _ => rng.below(n),
            };
            b[at] = match rng.below(4) {
                0 => 0xff,
                1 => b[at] ^ (1 << rng.below(8)),
                _ => b[at] ^ (1 + rng.below(255)) as u8,
            };
        }
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_change_or_cut_the_input() {
        let input: Vec<u8> = (0..4096u32).map(|i| (i * 7) as u8).collect();
        let mut rng = Rng(1);
        let (mut cut, mut flipped) = (0, 0);
        for _ in 0..1000 {
            let m = mutate(&mut rng, &input);
            assert_ne!(m, input);
            if m.len() < input.len() { cut += 1 } else { flipped += 1 }
        }
        // 30% truncate; the rest flip in place.
        assert!((200..400).contains(&cut), "{cut} truncations");
        assert!(flipped > 600);
        // The seed fixes the sequence.
        assert_eq!(mutate(&mut Rng(9), &input), mutate(&mut Rng(9), &input));
    }
}
