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
}

impl<T> Registry<T> {
    pub fn new(missing: HipError) -> Self {
        Registry { map: Mutex::new(HashMap::new()), missing }
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
        self.map.lock().remove(&handle).ok_or(self.missing)
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
