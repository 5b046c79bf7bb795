//! Device `printf` as ROCm's device library sends it through hostcall: a message of u64
//! words — the stream (0 stdout, 1 stderr), the format string (its bytes with their NUL,
//! zero-padded to whole words), then one word per argument in the order the format
//! consumes them (`*` widths and precisions included; floats promoted to double and sent
//! as their bits), except `%s`, whose string arrives as padded bytes like the format (one
//! zero word for a null pointer). Each conversion is formatted by the C library's
//! `snprintf`, so the text is exactly what host `printf` would print.

use std::ffi::CString;

/// Reads a NUL-terminated string packed into words from `w[*at..]`, advancing `*at` past
/// its padding.
fn take_string(w: &[u64], at: &mut usize) -> Vec<u8> {
    let mut out = Vec::new();
    while *at < w.len() {
        let word = w[*at].to_le_bytes();
        *at += 1;
        if let Some(nul) = word.iter().position(|&b| b == 0) {
            out.extend_from_slice(&word[..nul]);
            return out;
        }
        out.extend_from_slice(&word);
    }
    out
}

/// Formats one conversion spec (`%` … conversion letter) with `snprintf`.
fn c_format<T: Copy>(spec: &[u8], value: T, call: impl Fn(*mut libc::c_char, usize, *const libc::c_char, T) -> libc::c_int) -> Vec<u8> {
    let Ok(fmt) = CString::new(spec) else { return Vec::new() };
    let mut buf = vec![0u8; 128];
    loop {
        let n = call(buf.as_mut_ptr() as *mut libc::c_char, buf.len(), fmt.as_ptr(), value);
        if n < 0 {
            return Vec::new();
        }
        if (n as usize) < buf.len() {
            buf.truncate(n as usize);
            return buf;
        }
        buf.resize(n as usize + 1, 0);
    }
}

/// The text a printf message prints, and the stream it goes to (1 stdout, 2 stderr).
pub fn format_message(words: &[u64]) -> (i32, Vec<u8>) {
    let fd = if words.first() == Some(&1) { 2 } else { 1 };
    let mut at = 1usize;
    let fmt = take_string(words, &mut at);
    let next = |at: &mut usize| {
        let v = words.get(*at).copied().unwrap_or(0);
        *at += 1;
        v
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        // A conversion: flags, width, precision, length, letter.
        let start = i;
        i += 1;
        let mut spec = vec![b'%'];
        let mut stars: Vec<i32> = Vec::new();
        while i < fmt.len() && !fmt[i].is_ascii_alphabetic() && fmt[i] != b'%' {
            if fmt[i] == b'*' {
                stars.push(next(&mut at) as i64 as i32);
                // Substitute the number: snprintf below gets no variadic width.
                spec.extend_from_slice(stars.last().unwrap_or(&0).to_string().as_bytes());
            } else {
                spec.push(fmt[i]);
            }
            i += 1;
        }
        // Length modifiers are dropped: every integer arrives and is formatted as 64 bits.
        while i < fmt.len() && b"hljztLq".contains(&fmt[i]) {
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        match conv {
            b'%' => out.push(b'%'),
            b'd' | b'i' => {
                spec.extend_from_slice(b"lld");
                let v = next(&mut at) as i64;
                out.extend(c_format(&spec, v, |b, n, f, v| unsafe { libc::snprintf(b, n, f, v) }));
            }
            b'u' | b'x' | b'X' | b'o' => {
                spec.extend_from_slice(b"ll");
                spec.push(conv);
                let v = next(&mut at);
                out.extend(c_format(&spec, v, |b, n, f, v| unsafe { libc::snprintf(b, n, f, v) }));
            }
            b'c' => {
                spec.push(b'c');
                let v = next(&mut at) as libc::c_int;
                out.extend(c_format(&spec, v, |b, n, f, v| unsafe { libc::snprintf(b, n, f, v) }));
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                spec.push(conv);
                let v = f64::from_bits(next(&mut at));
                out.extend(c_format(&spec, v, |b, n, f, v| unsafe { libc::snprintf(b, n, f, v) }));
            }
            b'p' => {
                spec.push(b'p');
                let v = next(&mut at) as usize as *const libc::c_void;
                out.extend(c_format(&spec, v, |b, n, f, v| unsafe { libc::snprintf(b, n, f, v) }));
            }
            b's' => {
                spec.push(b's');
                let s = CString::new(take_string(words, &mut at)).unwrap_or_default();
                out.extend(c_format(&spec, s.as_ptr(), |b, n, f, v| unsafe { libc::snprintf(b, n, f, v) }));
            }
            // %n writes nothing back from the host; anything else prints as written.
            b'n' => {
                next(&mut at);
            }
            _ => out.extend_from_slice(&fmt[start..i]),
        }
    }
    (fd, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packs bytes (with their NUL) into words, as `__ockl_printf_append_string_n` does.
    fn string_words(s: &str) -> Vec<u64> {
        let mut b = s.as_bytes().to_vec();
        b.push(0);
        b.chunks(8).map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        }).collect()
    }

    #[test]
    fn formats_like_the_c_library() {
        // printf("dev t=%d tag=%d f=%.2f s=%s\n", 15, -7, 1.5f, "ok")
        let mut m = vec![0u64];
        m.extend(string_words("dev t=%d tag=%d f=%.2f s=%s\n"));
        m.extend([15u64, (-7i64) as u64, 1.5f64.to_bits()]);
        m.extend(string_words("ok"));
        let (fd, text) = format_message(&m);
        assert_eq!(fd, 1);
        assert_eq!(String::from_utf8(text).unwrap(), "dev t=15 tag=-7 f=1.50 s=ok\n");
    }

    #[test]
    fn widths_precisions_and_other_conversions() {
        // fprintf(stderr, "%*.*s|%-5x|%08.3e|%c|%%|%lu|%s|%5.1f\n", 6, 2, "hello", 255,
        //         12345.678, 'Z', u64::MAX, NULL, -2.25)
        let mut m = vec![1u64];
        m.extend(string_words("%*.*s|%-5x|%08.3e|%c|%%|%lu|%s|%5.1f\n"));
        m.extend([6u64, 2]);
        m.extend(string_words("hello"));
        m.extend([255u64, 12345.678f64.to_bits(), b'Z' as u64, u64::MAX, 0, (-2.25f64).to_bits()]);
        let (fd, text) = format_message(&m);
        assert_eq!(fd, 2);
        assert_eq!(String::from_utf8(text).unwrap(), "    he|ff   |1.235e+04|Z|%|18446744073709551615|| -2.2\n");
    }

    #[test]
    fn a_long_format_spans_many_words() {
        let long = "x".repeat(100) + " %d end";
        let mut m = vec![0u64];
        m.extend(string_words(&long));
        m.push(42);
        assert_eq!(String::from_utf8(format_message(&m).1).unwrap(), "x".repeat(100) + " 42 end");
    }
}
