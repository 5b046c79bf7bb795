//! Handle tables: every object handed to C (stream, event, graph, …) is registered here,
//! and every handle coming back is looked up, so stale or garbage handles produce
//! `hipErrorInvalidHandle`/`InvalidValue` instead of undefined behaviour.

use crate::error::{HipError, Result};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;

pub struct Registry<T> {
    map: Mutex<HashMap<usize, Arc<T>>>,
    /// Error for an unknown handle (differs per object kind in HIP).
    missing: HipError,
    /// The last objects removed, kept alive so that their addresses (the handles) are not
    /// handed out again at once: a stale handle used soon after its destroy then gets the
    /// error instead of reaching a new object that took its address.
    recent: Mutex<std::collections::VecDeque<Arc<T>>>,
    keep: usize,
}

impl<T> Registry<T> {
    pub fn new(missing: HipError) -> Self {
        Registry { map: Mutex::new(HashMap::new()), missing, recent: Mutex::new(Default::default()), keep: 0 }
    }

    /// A registry that keeps its last `keep` removed objects alive (small objects only:
    /// what they hold stays allocated that long).
    pub fn with_quarantine(missing: HipError, keep: usize) -> Self {
        Registry { keep, ..Registry::new(missing) }
    }

    /// Registers `obj`; its handle is the object's address (stable while registered).
    pub fn insert(&self, obj: Arc<T>) -> usize {
        let h = Arc::as_ptr(&obj) as usize;
        self.map.lock().insert(h, obj);
        h
    }

    pub fn get(&self, handle: usize) -> Result<Arc<T>> {
        self.map.lock().get(&handle).cloned().ok_or(self.missing)
    }

    pub fn remove(&self, handle: usize) -> Result<Arc<T>> {
        let obj = self.map.lock().remove(&handle).ok_or(self.missing)?;
        if self.keep > 0 {
            let mut recent = self.recent.lock();
            recent.push_back(obj.clone());
            if recent.len() > self.keep {
                recent.pop_front();
            }
        }
        Ok(obj)
    }

    pub fn contains(&self, handle: usize) -> bool {
        self.map.lock().contains_key(&handle)
    }

    pub fn values(&self) -> Vec<Arc<T>> {
        self.map.lock().values().cloned().collect()
    }
}

/// The handle of an object that is (or was) registered.
pub fn handle_of<T>(obj: &Arc<T>) -> usize {
    Arc::as_ptr(obj) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removed_objects_stay_alive_for_the_quarantine_only() {
        let r = Registry::with_quarantine(HipError::INVALID_HANDLE, 2);
        let first = Arc::new(1u64);
        let weak = Arc::downgrade(&first);
        let h = r.insert(first);
        drop(r.remove(h).unwrap());
        assert_eq!(r.get(h).err(), Some(HipError::INVALID_HANDLE));
        assert!(weak.upgrade().is_some(), "its address is not free for a new object yet");
        for k in 0..2 {
            let h = r.insert(Arc::new(k));
            r.remove(h).unwrap();
        }
        assert!(weak.upgrade().is_none(), "two later removals push it out");
        // Without a quarantine the object goes at once.
        let plain = Registry::new(HipError::INVALID_VALUE);
        let obj = Arc::new(2u64);
        let weak = Arc::downgrade(&obj);
        let h = plain.insert(obj);
        drop(plain.remove(h).unwrap());
        assert!(weak.upgrade().is_none());
    }
}
