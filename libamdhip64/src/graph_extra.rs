//! The rest of the graph API: event-node and symbol-copy parameters, enabling nodes in an
//! instantiated graph, graph memory nodes, user objects, DOT output, capture-to-graph.

use crate::api::{c_str, out};
use crate::graph::{add_node, exec_of, graph_of, node_of};
use crate::memcpy::copy_op;
use crate::types::*;
use oxrocm_runtime::graph::{GraphAlloc, GraphExec, Node, NodeKind, Step, graph_memory_stats, is_graph_allocation, reset_graph_memory_high};
use oxrocm_runtime::ops::{Copy3D, Op, OpKind};
use oxrocm_runtime::{HipError, Result, runtime};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::sync::Arc;

fn symbol_copy(to_symbol: bool, sym: *const c_void, other: *const c_void, count: usize, offset: usize, kind: hipMemcpyKind) -> Result<Op> {
    if sym.is_null() {
        return Err(HipError::INVALID_SYMBOL);
    }
    let (addr, len) = runtime().symbol(sym as usize)?;
    if offset.checked_add(count).is_none_or(|e| e > len) {
        return Err(HipError::INVALID_VALUE);
    }
    let dev = addr + offset as u64;
    match (to_symbol, kind) {
        (true, 1 | 3 | 4) => copy_op(Copy3D::linear(dev, other as u64, count), kind),
        (false, 2 | 3 | 4) => copy_op(Copy3D::linear(other as u64, dev, count), kind),
        _ => Err(HipError::INVALID_MEMCPY_DIRECTION),
    }
}

fn event_of_node(n: hipGraphNode_t, record: bool) -> Result<hipEvent_t> {
    let nd = node_of(n)?;
    let k = nd.kind.lock().clone();
    match (k, record) {
        (NodeKind::EventRecord(e), true) | (NodeKind::WaitEvent(e), false) => Ok(oxrocm_runtime::registry::handle_of(&e) as hipEvent_t),
        _ => Err(HipError::INVALID_VALUE),
    }
}

fn set_event_of_node(n: hipGraphNode_t, e: hipEvent_t, record: bool) -> Result<()> {
    let nd = node_of(n)?;
    let ev = crate::event::event(e)?;
    let mut k = nd.kind.lock();
    match (&*k, record) {
        (NodeKind::EventRecord(_), true) => *k = NodeKind::EventRecord(ev),
        (NodeKind::WaitEvent(_), false) => *k = NodeKind::WaitEvent(ev),
        _ => return Err(HipError::INVALID_VALUE),
    }
    Ok(())
}

/// User objects: a destructor run when the last reference (from the program or a graph) goes.
struct UserObject {
    ptr: usize,
    destroy: hipHostFn_t,
    refs: Mutex<u32>,
}
static USER_OBJECTS: Mutex<Option<HashMap<usize, Arc<UserObject>>>> = Mutex::new(None);
/// References graphs hold on user objects: (graph handle, object handle) → count.
static GRAPH_REFS: Mutex<Option<HashMap<(usize, usize), u32>>> = Mutex::new(None);

fn user_object(h: hipUserObject_t) -> Result<Arc<UserObject>> {
    USER_OBJECTS.lock().as_ref().and_then(|m| m.get(&(h as usize)).cloned()).ok_or(HipError::INVALID_VALUE)
}

fn release_user_object(h: hipUserObject_t, count: u32) -> Result<()> {
    let o = user_object(h)?;
    let mut refs = o.refs.lock();
    if count == 0 || count > *refs {
        return Err(HipError::INVALID_VALUE);
    }
    *refs -= count;
    if *refs == 0 {
        drop(refs);
        USER_OBJECTS.lock().as_mut().map(|m| m.remove(&(h as usize)));
        if let Some(f) = o.destroy {
            unsafe { f(o.ptr as *mut c_void) };
        }
    }
    Ok(())
}

/// Writes a Graphviz description of `g` (`hipGraphDebugDotPrint`).
fn dot(g: hipGraph_t) -> Result<String> {
    let graph = graph_of(g)?;
    let nodes = graph.nodes.lock().clone();
    let mut s = String::from("digraph hipGraph {\n");
    for (i, n) in nodes.iter().enumerate() {
        let label = match &*n.kind.lock() {
            NodeKind::Op(op) => op.describe().to_string(),
            NodeKind::Empty => "empty".into(),
            NodeKind::EventRecord(_) => "event record".into(),
            NodeKind::WaitEvent(_) => "event wait".into(),
            NodeKind::Child(_) => "child graph".into(),
            NodeKind::MemAlloc(a) => format!("mem alloc {} bytes", a.size),
        };
        s += &format!("  n{i} [label=\"{i}: {label}\"];\n");
    }
    for (i, n) in nodes.iter().enumerate() {
        for d in n.deps.lock().iter() {
            if let Some(j) = nodes.iter().position(|m| Arc::ptr_eq(m, d)) {
                s += &format!("  n{j} -> n{i};\n");
            }
        }
    }
    s += "}\n";
    Ok(s)
}

hip_api! {
    fn hipGraphEventRecordNodeGetEvent(n: hipGraphNode_t, e: *mut hipEvent_t) {
        out(e, event_of_node(n, true)?)
    }
    fn hipGraphEventRecordNodeSetEvent(n: hipGraphNode_t, e: hipEvent_t) {
        set_event_of_node(n, e, true)
    }
    fn hipGraphEventWaitNodeGetEvent(n: hipGraphNode_t, e: *mut hipEvent_t) {
        out(e, event_of_node(n, false)?)
    }
    fn hipGraphEventWaitNodeSetEvent(n: hipGraphNode_t, e: hipEvent_t) {
        set_event_of_node(n, e, false)
    }
    fn hipGraphExecEventRecordNodeSetEvent(x: hipGraphExec_t, n: hipGraphNode_t, e: hipEvent_t) {
        event_of_node(n, true)?;
        exec_of(x)?.set_step(node_of(n)?.key(), Step::Record(crate::event::event(e)?))
    }
    fn hipGraphExecEventWaitNodeSetEvent(x: hipGraphExec_t, n: hipGraphNode_t, e: hipEvent_t) {
        event_of_node(n, false)?;
        exec_of(x)?.set_step(node_of(n)?.key(), Step::Wait(crate::event::event(e)?))
    }

    fn hipGraphMemcpyNodeSetParams1D(n: hipGraphNode_t, dst: *mut c_void, src: *const c_void, count: usize, kind: hipMemcpyKind) {
        let nd = node_of(n)?;
        let op = copy_op(Copy3D::linear(dst as u64, src as u64, count), kind)?;
        *nd.kind.lock() = NodeKind::Op(op);
        Ok(())
    }
    fn hipGraphExecMemcpyNodeSetParams1D(x: hipGraphExec_t, n: hipGraphNode_t, dst: *mut c_void, src: *const c_void, count: usize, kind: hipMemcpyKind) {
        exec_of(x)?.set_op(node_of(n)?.key(), copy_op(Copy3D::linear(dst as u64, src as u64, count), kind)?)
    }

    fn hipGraphAddMemcpyNodeToSymbol(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize,
                                     sym: *const c_void, src: *const c_void, count: usize, offset: usize, kind: hipMemcpyKind) {
        add_node(n, g, deps, nd, NodeKind::Op(symbol_copy(true, sym, src, count, offset, kind)?))
    }
    fn hipGraphAddMemcpyNodeFromSymbol(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize,
                                       dst: *mut c_void, sym: *const c_void, count: usize, offset: usize, kind: hipMemcpyKind) {
        add_node(n, g, deps, nd, NodeKind::Op(symbol_copy(false, sym, dst, count, offset, kind)?))
    }
    fn hipGraphMemcpyNodeSetParamsToSymbol(n: hipGraphNode_t, sym: *const c_void, src: *const c_void, count: usize, offset: usize, kind: hipMemcpyKind) {
        *node_of(n)?.kind.lock() = NodeKind::Op(symbol_copy(true, sym, src, count, offset, kind)?);
        Ok(())
    }
    fn hipGraphMemcpyNodeSetParamsFromSymbol(n: hipGraphNode_t, dst: *mut c_void, sym: *const c_void, count: usize, offset: usize, kind: hipMemcpyKind) {
        *node_of(n)?.kind.lock() = NodeKind::Op(symbol_copy(false, sym, dst, count, offset, kind)?);
        Ok(())
    }
    fn hipGraphExecMemcpyNodeSetParamsToSymbol(x: hipGraphExec_t, n: hipGraphNode_t, sym: *const c_void, src: *const c_void, count: usize, offset: usize, kind: hipMemcpyKind) {
        exec_of(x)?.set_op(node_of(n)?.key(), symbol_copy(true, sym, src, count, offset, kind)?)
    }
    fn hipGraphExecMemcpyNodeSetParamsFromSymbol(x: hipGraphExec_t, n: hipGraphNode_t, dst: *mut c_void, sym: *const c_void, count: usize, offset: usize, kind: hipMemcpyKind) {
        exec_of(x)?.set_op(node_of(n)?.key(), symbol_copy(false, sym, dst, count, offset, kind)?)
    }

    fn hipGraphNodeSetEnabled(x: hipGraphExec_t, n: hipGraphNode_t, enabled: u32) {
        let ex = exec_of(x)?;
        let key = node_of(n)?.key();
        if !ex.contains(key) {
            return Err(HipError::INVALID_VALUE);
        }
        if enabled != 0 { ex.disabled.lock().remove(&key); } else { ex.disabled.lock().insert(key); }
        Ok(())
    }
    fn hipGraphNodeGetEnabled(x: hipGraphExec_t, n: hipGraphNode_t, enabled: *mut u32) {
        let ex = exec_of(x)?;
        let key = node_of(n)?.key();
        if !ex.contains(key) {
            return Err(HipError::INVALID_VALUE);
        }
        out(enabled, (!ex.disabled.lock().contains(&key)) as u32)
    }
    fn hipGraphExecGetFlags(x: hipGraphExec_t, flags: *mut u64) {
        out(flags, exec_of(x)?.flags)
    }
    fn hipGraphExecChildGraphNodeSetParams(x: hipGraphExec_t, n: hipGraphNode_t, child: hipGraph_t) {
        // Allowed when the new child has the same shape: its steps replace the old ones.
        let ex = exec_of(x)?;
        let nd = node_of(n)?;
        let NodeKind::Child(old) = nd.kind.lock().clone() else { return Err(HipError::INVALID_VALUE) };
        let fresh = GraphExec::instantiate(&*graph_of(child)?)?;
        let old_keys: Vec<usize> = old.nodes.lock().iter().map(|m| m.key()).collect();
        let new_steps = fresh.steps.lock().clone();
        let mut steps = ex.steps.lock();
        let positions: Vec<usize> = steps.iter().enumerate().filter(|(_, (k, _))| old_keys.contains(k)).map(|(i, _)| i).collect();
        if positions.len() != new_steps.len() {
            return Err(HipError::INVALID_VALUE);
        }
        for (pos, (_, step)) in positions.into_iter().zip(new_steps) {
            steps[pos].1 = step;
        }
        Ok(())
    }

    fn hipGraphAddMemAllocNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, p: *mut hipMemAllocNodeParams) {
        if n.is_null() || p.is_null() || (*p).bytesize == 0 || (nd > 0 && deps.is_null()) {
            return Err(HipError::INVALID_VALUE);
        }
        graph_of(g)?;
        let dev = crate::device::device((*p).poolProps.location.id)?;
        // The address is fixed when the node is made (and returned in dptr).
        let alloc = GraphAlloc::new(dev.ordinal, (*p).bytesize)?;
        let mut params = *p;
        params.dptr = alloc.addr as *mut c_void;
        add_node(n, g, deps, nd, NodeKind::MemAlloc(alloc))?;
        *node_of(*n)?.params.lock() = Some(Arc::new(AllocNode(params)));
        (*p).dptr = params.dptr;
        Ok(())
    }
    fn hipGraphMemAllocNodeGetParams(n: hipGraphNode_t, p: *mut hipMemAllocNodeParams) {
        let nd = node_of(n)?;
        if !matches!(&*nd.kind.lock(), NodeKind::MemAlloc(_)) {
            return Err(HipError::INVALID_VALUE);
        }
        let v = nd.params.lock().as_ref().and_then(|a| a.downcast_ref::<AllocNode>().copied()).ok_or(HipError::INVALID_VALUE)?;
        out(p, v.0)
    }
    fn hipGraphAddMemFreeNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, dptr: *mut c_void) {
        if n.is_null() || dptr.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let graph = graph_of(g)?;
        // Only an address an allocation node returned, and only one free of it per graph.
        let addr = dptr as u64;
        if !is_graph_allocation(addr) || graph.nodes.lock().iter().any(|m| frees(m, addr)) {
            return Err(HipError::INVALID_VALUE);
        }
        add_node(n, g, deps, nd, NodeKind::Op(Op::simple(OpKind::Free(addr))))
    }
    fn hipGraphMemFreeNodeGetParams(n: hipGraphNode_t, dptr: *mut c_void) {
        let nd = node_of(n)?;
        let k = nd.kind.lock().clone();
        match k {
            NodeKind::Op(Op { kind: OpKind::Free(addr), .. }) => out(dptr as *mut *mut c_void, addr as *mut c_void),
            _ => Err(HipError::INVALID_VALUE),
        }
    }
    fn hipDeviceGraphMemTrim(d: i32) {
        runtime().trim_graph_memory(crate::device::device(d)?)
    }
    fn hipDeviceGetGraphMemAttribute(d: i32, attr: hipGraphMemAttributeType, v: *mut c_void) {
        let dev = crate::device::device(d)?;
        if v.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let s = graph_memory_stats(dev.ordinal);
        let value = match attr {
            hipGraphMemAttrUsedMemCurrent => s.used,
            hipGraphMemAttrUsedMemHigh => s.used_high,
            hipGraphMemAttrReservedMemCurrent => s.reserved,
            hipGraphMemAttrReservedMemHigh => s.reserved_high,
            _ => return Err(HipError::INVALID_VALUE),
        };
        *(v as *mut u64) = value;
        Ok(())
    }
    fn hipDeviceSetGraphMemAttribute(d: i32, attr: hipGraphMemAttributeType, v: *mut c_void) {
        let dev = crate::device::device(d)?;
        if v.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        // Only the high watermarks may be set, and only reset (to zero; they then restart
        // from the current value). The current values are read-only.
        let used = match attr {
            hipGraphMemAttrUsedMemHigh => true,
            hipGraphMemAttrReservedMemHigh => false,
            _ => return Err(HipError::INVALID_VALUE),
        };
        if *(v as *const u64) != 0 {
            return Err(HipError::INVALID_VALUE);
        }
        reset_graph_memory_high(dev.ordinal, used);
        Ok(())
    }

    fn hipUserObjectCreate(o: *mut hipUserObject_t, ptr: *mut c_void, destroy: hipHostFn_t, refs: u32, flags: u32) {
        // hipUserObjectNoDestructorSync (1) is the only flag and is required.
        if o.is_null() || refs == 0 || flags != 1 || destroy.is_none() {
            return Err(HipError::INVALID_VALUE);
        }
        let obj = Arc::new(UserObject { ptr: ptr as usize, destroy, refs: Mutex::new(refs) });
        let h = Arc::as_ptr(&obj) as usize;
        USER_OBJECTS.lock().get_or_insert_with(HashMap::new).insert(h, obj);
        *o = h as hipUserObject_t;
        Ok(())
    }
    fn hipUserObjectRetain(o: hipUserObject_t, count: u32) {
        if count == 0 {
            return Err(HipError::INVALID_VALUE);
        }
        *user_object(o)?.refs.lock() += count;
        Ok(())
    }
    fn hipUserObjectRelease(o: hipUserObject_t, count: u32) {
        release_user_object(o, count)
    }
    fn hipGraphRetainUserObject(g: hipGraph_t, o: hipUserObject_t, count: u32, flags: u32) {
        graph_of(g)?;
        let obj = user_object(o)?;
        if count == 0 || flags > 1 {
            return Err(HipError::INVALID_VALUE);
        }
        // hipGraphUserObjectMove (1) transfers the caller's references instead of adding.
        if flags == 0 {
            *obj.refs.lock() += count;
        }
        *GRAPH_REFS.lock().get_or_insert_with(HashMap::new).entry((g as usize, o as usize)).or_insert(0) += count;
        Ok(())
    }
    fn hipGraphReleaseUserObject(g: hipGraph_t, o: hipUserObject_t, count: u32) {
        graph_of(g)?;
        {
            let mut refs = GRAPH_REFS.lock();
            let held = refs.get_or_insert_with(HashMap::new).get_mut(&(g as usize, o as usize)).ok_or(HipError::INVALID_VALUE)?;
            if count == 0 || count > *held {
                return Err(HipError::INVALID_VALUE);
            }
            *held -= count;
        }
        release_user_object(o, count)
    }

    fn hipGraphDebugDotPrint(g: hipGraph_t, path: *const c_char, flags: u32) {
        let _ = flags;
        let text = dot(g)?;
        std::fs::write(c_str(path)?, text).map_err(|_| HipError::INVALID_VALUE)
    }

    fn hipGraphInstantiateWithParams(x: *mut hipGraphExec_t, g: hipGraph_t, p: *mut c_void) {
        if x.is_null() || p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        // hipGraphInstantiateParams: flags (u64), errNode_out, result_out, uploadStream.
        let flags = *(p as *const u64);
        let e = GraphExec::instantiate_with_flags(&*graph_of(g)?, flags)?;
        *x = runtime().execs.insert(Arc::new(e)) as hipGraphExec_t;
        let fields = p as *mut usize;
        *fields.add(1) = 0;
        *(fields.add(2) as *mut i32) = 0; // hipGraphInstantiateSuccess
        Ok(())
    }
}

/// A graph memory allocation node's parameters (raw pointers are only addresses here).
#[derive(Clone, Copy)]
struct AllocNode(hipMemAllocNodeParams);
unsafe impl Send for AllocNode {}
unsafe impl Sync for AllocNode {}

/// Whether node `n` is a free node (or captured hipFreeAsync) of `addr`.
fn frees(n: &Arc<Node>, addr: u64) -> bool {
    matches!(&*n.kind.lock(), NodeKind::Op(Op { kind: OpKind::Free(a), .. }) if *a == addr)
}

// Parameter blocks hold raw pointers that are only addresses here.
unsafe impl Send for UserObject {}
unsafe impl Sync for UserObject {}
