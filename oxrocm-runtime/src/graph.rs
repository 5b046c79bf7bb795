//! Graphs: nodes with dependencies, built explicitly or by stream capture, instantiated
//! into a flat topologically ordered list of steps that a launch replays on a stream.

use crate::error::{HipError, Result};
use crate::event::Event;
use crate::ops::Op;
use parking_lot::Mutex;
use std::any::Any;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Clone)]
pub enum NodeKind {
    Op(Op),
    Empty,
    EventRecord(Arc<Event>),
    WaitEvent(Arc<Event>),
    Child(Arc<Graph>),
    /// A graph memory allocation node (`hipGraphAddMemAllocNode`).
    MemAlloc(Arc<GraphAlloc>),
}

pub struct Node {
    pub kind: Mutex<NodeKind>,
    pub deps: Mutex<Vec<Arc<Node>>>,
    /// Id of the graph that owns the node.
    pub graph: u64,
    /// The API layer's copy of the parameters the node was made from (for `*GetParams`).
    pub params: Mutex<Option<Arc<dyn Any + Send + Sync>>>,
}

impl Node {
    pub fn key(self: &Arc<Self>) -> usize {
        Arc::as_ptr(self) as usize
    }
}

static NEXT_GRAPH: AtomicU64 = AtomicU64::new(1);

pub struct Graph {
    pub id: u64,
    pub nodes: Mutex<Vec<Arc<Node>>>,
}

impl Graph {
    pub fn new() -> Arc<Graph> {
        Arc::new(Graph { id: NEXT_GRAPH.fetch_add(1, Ordering::Relaxed), nodes: Mutex::new(Vec::new()) })
    }

    pub fn add(&self, kind: NodeKind, deps: Vec<Arc<Node>>) -> Result<Arc<Node>> {
        if deps.iter().any(|d| d.graph != self.id) {
            return Err(HipError::INVALID_VALUE);
        }
        let n = Arc::new(Node { kind: Mutex::new(kind), deps: Mutex::new(deps), graph: self.id, params: Mutex::new(None) });
        self.nodes.lock().push(n.clone());
        Ok(n)
    }

    pub fn contains(&self, n: &Arc<Node>) -> bool {
        n.graph == self.id && self.nodes.lock().iter().any(|m| Arc::ptr_eq(m, n))
    }

    pub fn remove(&self, n: &Arc<Node>) {
        let mut nodes = self.nodes.lock();
        nodes.retain(|m| !Arc::ptr_eq(m, n));
        for m in nodes.iter() {
            m.deps.lock().retain(|d| !Arc::ptr_eq(d, n));
        }
    }

    /// Nodes in an order where every node follows its dependencies; a cycle is an error.
    pub fn topo_order(&self) -> Result<Vec<Arc<Node>>> {
        let nodes = self.nodes.lock().clone();
        let index: HashMap<usize, usize> = nodes.iter().enumerate().map(|(i, n)| (n.key(), i)).collect();
        let mut indeg: Vec<usize> = nodes.iter().map(|n| n.deps.lock().len()).collect();
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
        for (i, n) in nodes.iter().enumerate() {
            for d in n.deps.lock().iter() {
                let j = *index.get(&d.key()).ok_or(HipError::INVALID_VALUE)?;
                users[j].push(i);
            }
        }
        let mut ready: Vec<usize> = (0..nodes.len()).filter(|&i| indeg[i] == 0).rev().collect();
        let mut order = Vec::with_capacity(nodes.len());
        while let Some(i) = ready.pop() {
            order.push(nodes[i].clone());
            for &u in users[i].iter().rev() {
                indeg[u] -= 1;
                if indeg[u] == 0 {
                    ready.push(u);
                }
            }
        }
        if order.len() != nodes.len() {
            return Err(HipError::INVALID_VALUE);
        }
        Ok(order)
    }

    /// A deep copy; returns the copy and a map from original node keys to copied nodes.
    pub fn deep_clone(&self) -> Result<(Arc<Graph>, HashMap<usize, Arc<Node>>)> {
        let g = Graph::new();
        let mut map: HashMap<usize, Arc<Node>> = HashMap::new();
        for n in self.topo_order()? {
            let deps = n.deps.lock().iter().map(|d| map[&d.key()].clone()).collect();
            let kind = match n.kind.lock().clone() {
                NodeKind::Child(c) => NodeKind::Child(c.deep_clone()?.0),
                k => k,
            };
            let copy = g.add(kind, deps)?;
            *copy.params.lock() = n.params.lock().clone();
            map.insert(n.key(), copy);
        }
        Ok((g, map))
    }

    /// Nodes with no dependents (the graph's sinks).
    pub fn leaves(&self) -> Vec<Arc<Node>> {
        let nodes = self.nodes.lock().clone();
        nodes
            .iter()
            .filter(|n| !nodes.iter().any(|m| m.deps.lock().iter().any(|d| Arc::ptr_eq(d, n))))
            .cloned()
            .collect()
    }
}

/// One replayable step of an instantiated graph.
#[derive(Clone)]
pub enum Step {
    Op(Op),
    Record(Arc<Event>),
    Wait(Arc<Event>),
    /// An allocation node: its memory becomes live again (after a free) in stream order.
    Alloc(Arc<GraphAlloc>),
}

pub struct GraphExec {
    /// (key of the source node, step) in launch order; child graphs are flattened.
    pub steps: Mutex<Vec<(usize, Step)>>,
    /// Keys of nodes disabled with `hipGraphNodeSetEnabled` (skipped at launch).
    pub disabled: Mutex<HashSet<usize>>,
    /// `hipGraphInstantiateWithFlags` flags.
    pub flags: u64,
}

impl GraphExec {
    pub fn instantiate(g: &Graph) -> Result<GraphExec> {
        Self::instantiate_with_flags(g, 0)
    }

    pub fn instantiate_with_flags(g: &Graph, flags: u64) -> Result<GraphExec> {
        let mut steps = Vec::new();
        flatten(g, &mut steps)?;
        Ok(GraphExec { steps: Mutex::new(steps), disabled: Mutex::new(HashSet::new()), flags })
    }

    /// Steps to replay: all, minus those of disabled nodes.
    pub fn active_steps(&self) -> Vec<Step> {
        let off = self.disabled.lock().clone();
        self.steps.lock().iter().filter(|(k, _)| !off.contains(k)).map(|(_, s)| s.clone()).collect()
    }

    pub fn contains(&self, key: usize) -> bool {
        self.steps.lock().iter().any(|(k, _)| *k == key)
    }

    /// Replaces the step(s) made from node `key`.
    pub fn set_step(&self, key: usize, step: Step) -> Result<()> {
        let mut steps = self.steps.lock();
        let mut found = false;
        for (k, s) in steps.iter_mut() {
            if *k == key {
                *s = step.clone();
                found = true;
            }
        }
        if found { Ok(()) } else { Err(HipError::INVALID_VALUE) }
    }

    /// Replaces the step(s) made from node `key` (`hipGraphExec*NodeSetParams`).
    pub fn set_op(&self, key: usize, op: Op) -> Result<()> {
        self.set_step(key, Step::Op(op))
    }
}

fn flatten(g: &Graph, out: &mut Vec<(usize, Step)>) -> Result<()> {
    for n in g.topo_order()? {
        let key = n.key();
        match n.kind.lock().clone() {
            NodeKind::Op(op) => out.push((key, Step::Op(op))),
            NodeKind::Empty => {}
            NodeKind::EventRecord(e) => out.push((key, Step::Record(e))),
            NodeKind::WaitEvent(e) => out.push((key, Step::Wait(e))),
            NodeKind::Child(c) => flatten(&c, out)?,
            NodeKind::MemAlloc(a) => out.push((key, Step::Alloc(a))),
        }
    }
    Ok(())
}

// ------------------------------------------------------------------ graph memory --
//
// An allocation node's memory is allocated when the node is made (its address is
// returned then and stays fixed across instantiations and launches, as hipamd does) and
// counts as in use. A free node, when a launch reaches it, ends the use; a later launch
// reaching the allocation node starts it again at the same address. An allocation that
// the graph does not free stays in use after the launch until hipFree/hipFreeAsync (or a
// free node of another graph) frees it. Memory no longer in use stays reserved for
// graphs while a graph or instantiation still holds its allocation node; once none does,
// it is cached for reuse by new allocation nodes of that size until
// hipDeviceGraphMemTrim gives it back to the device.

/// Per-device graph memory figures (`hipGraphMemAttr*`), in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GraphMemStats {
    pub used: u64,
    pub used_high: u64,
    pub reserved: u64,
    pub reserved_high: u64,
}

struct Block {
    size: usize,
    device: usize,
    /// Allocated and not yet freed (by a free node, hipFree or hipFreeAsync).
    live: bool,
    /// An allocation node (in a graph or an instantiation) still refers to it.
    owned: bool,
    /// A launch has run the allocation node.
    launched: bool,
}

#[derive(Default)]
struct GraphMemory {
    blocks: HashMap<u64, Block>,
    stats: HashMap<usize, GraphMemStats>,
}

impl GraphMemory {
    fn stats(&mut self, device: usize) -> &mut GraphMemStats {
        self.stats.entry(device).or_default()
    }

    fn use_block(&mut self, device: usize, size: usize) {
        let s = self.stats(device);
        s.used += size as u64;
        s.used_high = s.used_high.max(s.used);
    }

    fn unuse_block(&mut self, device: usize, size: usize) {
        let s = self.stats(device);
        s.used = s.used.saturating_sub(size as u64);
    }
}

static GRAPH_MEMORY: Mutex<Option<GraphMemory>> = Mutex::new(None);

fn with_graph_memory<R>(f: impl FnOnce(&mut GraphMemory) -> R) -> R {
    f(GRAPH_MEMORY.lock().get_or_insert_with(GraphMemory::default))
}

/// The allocation of one allocation node; graphs and instantiations made from it share it.
pub struct GraphAlloc {
    pub addr: u64,
    pub size: usize,
    pub device: usize,
}

impl GraphAlloc {
    /// Allocates `size` bytes of graph memory on `device` for a new allocation node: a
    /// cached block of that size if there is one, else fresh device memory.
    pub fn new(device: usize, size: usize) -> Result<Arc<GraphAlloc>> {
        let rt = crate::runtime::runtime();
        let dev = rt.devices.get(device).ok_or(HipError::INVALID_DEVICE)?;
        with_graph_memory(|m| {
            let cached = m.blocks.iter().find(|(_, b)| b.device == device && b.size == size && !b.owned && !b.live).map(|(a, _)| *a);
            let addr = match cached {
                Some(a) => a,
                None => {
                    let a = rt.malloc_device(dev, size)?;
                    let s = m.stats(device);
                    s.reserved += size as u64;
                    s.reserved_high = s.reserved_high.max(s.reserved);
                    a
                }
            };
            m.blocks.insert(addr, Block { size, device, live: true, owned: true, launched: false });
            m.use_block(device, size);
            Ok(Arc::new(GraphAlloc { addr, size, device }))
        })
    }

    /// A launch reached the allocation node: the memory is in use again if it was freed.
    pub fn activate(&self) {
        with_graph_memory(|m| {
            let Some(b) = m.blocks.get_mut(&self.addr) else { return };
            b.launched = true;
            if !b.live {
                b.live = true;
                m.use_block(self.device, self.size);
            }
        })
    }
}

impl Drop for GraphAlloc {
    fn drop(&mut self) {
        with_graph_memory(|m| {
            let Some(b) = m.blocks.get_mut(&self.addr) else { return };
            b.owned = false;
            // Never launched: nothing outside the graph could have received it.
            if b.live && !b.launched {
                b.live = false;
                m.unuse_block(self.device, self.size);
            }
        })
    }
}

/// Whether `addr` is an allocation made by an allocation node that a free node may name:
/// one still held by a graph, or one in use.
pub fn is_graph_allocation(addr: u64) -> bool {
    with_graph_memory(|m| m.blocks.get(&addr).is_some_and(|b| b.owned || b.live))
}

/// Frees graph memory at `addr` (a free node reached at launch, hipFree, hipFreeAsync):
/// `None` where `addr` is not graph memory; an error where it is not in use.
pub fn free_graph_allocation(addr: u64) -> Option<Result<()>> {
    with_graph_memory(|m| {
        let b = m.blocks.get_mut(&addr)?;
        if !b.live {
            return Some(Err(HipError::INVALID_VALUE));
        }
        b.live = false;
        let (device, size) = (b.device, b.size);
        m.unuse_block(device, size);
        Some(Ok(()))
    })
}

/// Graph memory figures of `device`.
pub fn graph_memory_stats(device: usize) -> GraphMemStats {
    with_graph_memory(|m| *m.stats(device))
}

/// Resets a high watermark of `device` to the current value (`hipDeviceSetGraphMemAttribute`).
pub fn reset_graph_memory_high(device: usize, used: bool) {
    with_graph_memory(|m| {
        let s = m.stats(device);
        if used {
            s.used_high = s.used;
        } else {
            s.reserved_high = s.reserved;
        }
    })
}

/// Takes the cached blocks of `device` (no longer in use, held by no graph) out of the
/// graph memory reserve; the caller gives their memory back.
pub fn take_unused_graph_memory(device: usize) -> Vec<u64> {
    with_graph_memory(|m| {
        let unused: Vec<(u64, usize)> = m.blocks.iter().filter(|(_, b)| b.device == device && !b.owned && !b.live).map(|(a, b)| (*a, b.size)).collect();
        for (a, size) in &unused {
            m.blocks.remove(a);
            let s = m.stats(device);
            s.reserved = s.reserved.saturating_sub(*size as u64);
        }
        unused.into_iter().map(|(a, _)| a).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::OpKind;

    #[test]
    fn topological_order_respects_dependencies_and_rejects_cycles() {
        let g = Graph::new();
        let a = g.add(NodeKind::Empty, vec![]).unwrap();
        let b = g.add(NodeKind::Empty, vec![a.clone()]).unwrap();
        let c = g.add(NodeKind::Op(Op::simple(OpKind::Nop)), vec![a.clone()]).unwrap();
        let d = g.add(NodeKind::Empty, vec![b.clone(), c.clone()]).unwrap();
        let order: Vec<usize> = g.topo_order().unwrap().iter().map(|n| n.key()).collect();
        let pos = |n: &Arc<Node>| order.iter().position(|k| *k == n.key()).unwrap();
        assert!(pos(&a) < pos(&b) && pos(&a) < pos(&c) && pos(&b) < pos(&d) && pos(&c) < pos(&d));
        assert_eq!(g.leaves().len(), 1);
        a.deps.lock().push(d.clone());
        assert_eq!(g.topo_order().err(), Some(HipError::INVALID_VALUE));
    }
}
