//! Graphs: explicit construction, node queries and parameters, instantiation, launch.

use crate::api::out;
use crate::memcpy::copy_op;
use crate::stream::stream;
use crate::types::*;
use oxrocm_runtime::graph::{Graph, GraphExec, Node, NodeKind};
use oxrocm_runtime::ops::{Copy3D, Fill3D, Op, OpKind};
use oxrocm_runtime::registry::handle_of;
use oxrocm_runtime::{HipError, Result, runtime};
use std::ffi::c_void;
use std::sync::Arc;

/// Parameter blocks kept with their nodes (they hold raw pointers, which are only
/// addresses here, so sharing them between threads is sound).
#[derive(Clone, Copy)]
pub enum Params {
    Kernel(hipKernelNodeParams),
    Memcpy(hipMemcpy3DParms),
    Memset(hipMemsetParams),
    Host(hipHostNodeParams),
}
unsafe impl Send for Params {}
unsafe impl Sync for Params {}

pub fn graph_of(h: hipGraph_t) -> Result<Arc<Graph>> {
    graph(h)
}

pub fn node_of(h: hipGraphNode_t) -> Result<Arc<Node>> {
    node(h)
}

pub fn exec_of(h: hipGraphExec_t) -> Result<Arc<GraphExec>> {
    exec(h)
}

/// Adds a node without stored parameters (for other modules).
pub fn add_node(out_node: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, n: usize, kind: NodeKind) -> Result<()> {
    add(out_node, g, deps, n, kind, None)
}

fn graph(h: hipGraph_t) -> Result<Arc<Graph>> {
    runtime().graphs.get(h as usize)
}

fn node(h: hipGraphNode_t) -> Result<Arc<Node>> {
    runtime().nodes.get(h as usize)
}

fn exec(h: hipGraphExec_t) -> Result<Arc<GraphExec>> {
    runtime().execs.get(h as usize)
}

fn params(n: &Arc<Node>) -> Option<Params> {
    n.params.lock().as_ref().and_then(|p| p.downcast_ref::<Params>().copied())
}

fn owner(n: &Node) -> Result<Arc<Graph>> {
    runtime().graphs.values().into_iter().find(|g| g.id == n.graph).ok_or(HipError::INVALID_VALUE)
}

/// Publishes nodes to C: registers them and writes their handles (valid until the
/// thread's next such call, as with ROCm's capture-info dependency arrays).
///
/// # Safety
/// `out_deps` and `n` are NULL or valid for writes.
pub unsafe fn publish_deps(deps: &[Arc<Node>], out_deps: *mut *const *mut c_void, n: *mut usize) {
    thread_local! { static SCRATCH: std::cell::RefCell<Vec<*mut c_void>> = const { std::cell::RefCell::new(Vec::new()) }; }
    let handles: Vec<*mut c_void> = deps.iter().map(|d| runtime().nodes.insert(d.clone()) as *mut c_void).collect();
    unsafe {
        if !n.is_null() {
            *n = handles.len();
        }
        if !out_deps.is_null() {
            SCRATCH.with(|s| {
                *s.borrow_mut() = handles;
                *out_deps = s.borrow().as_ptr();
            });
        }
    }
}

fn deps_of(g: &Graph, deps: *const hipGraphNode_t, n: usize) -> Result<Vec<Arc<Node>>> {
    if n > 0 && deps.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    (0..n)
        .map(|i| {
            let d = node(unsafe { *deps.add(i) })?;
            if g.contains(&d) { Ok(d) } else { Err(HipError::INVALID_VALUE) }
        })
        .collect()
}

fn add(out_node: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, n: usize, kind: NodeKind, p: Option<Params>) -> Result<()> {
    if out_node.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    let g = graph(g)?;
    let deps = deps_of(&g, deps, n)?;
    let node = g.add(kind, deps)?;
    if let Some(p) = p {
        *node.params.lock() = Some(Arc::new(p));
    }
    unsafe { *out_node = runtime().nodes.insert(node) as hipGraphNode_t };
    Ok(())
}

fn kernel_op(p: &hipKernelNodeParams) -> Result<Op> {
    crate::module::launch_op(p.func, p.gridDim, p.blockDim, p.kernelParams, p.sharedMemBytes as usize)
}

fn memcpy_op(p: &hipMemcpy3DParms) -> Result<Op> {
    let (c, kind) = crate::memcpy::copy_3d_params(p)?;
    copy_op(c, kind)
}

fn memset_op(p: &hipMemsetParams) -> Result<Op> {
    if ![1, 2, 4].contains(&p.elementSize) || p.dst.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    let es = p.elementSize as usize;
    let height = p.height.max(1);
    let pitch = if height == 1 { p.width * es } else { p.pitch };
    if height > 1 && p.width * es > p.pitch {
        return Err(HipError::INVALID_VALUE);
    }
    let mask = if es == 4 { u32::MAX as u64 } else { (1u64 << (8 * es)) - 1 };
    let f = Fill3D { dst: p.dst as u64, value: p.value as u64 & mask, elem_size: es, width: p.width, height, depth: 1, pitch, slice: pitch * height };
    crate::memcpy::fill_op(f)?.ok_or(HipError::INVALID_VALUE)
}

/// Reads a memset parameter block. Every ABI (5.x, 6.x and 7.x) uses the same layout: HIP
/// 7.0's release notes announce CUDA's member order, but ROCm 7.x's hip_runtime_api.h (7.2.4)
/// keeps the 5.7/6.x order, 48 bytes (`hipMemsetParams_v7` is the same type).
unsafe fn read_memset(p: *const hipMemsetParams) -> Result<hipMemsetParams> {
    if p.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    Ok(unsafe { *p })
}

/// Writes a memset parameter block (one layout for every ABI, as [`read_memset`]).
unsafe fn write_memset(out_p: *mut hipMemsetParams, m: hipMemsetParams) -> Result<()> {
    if out_p.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    unsafe { *out_p = m };
    Ok(())
}

fn host_op(p: &hipHostNodeParams) -> Result<Op> {
    let f = p.r#fn.ok_or(HipError::INVALID_VALUE)?;
    let user = p.userData as usize;
    Ok(Op::host(Arc::new(move || unsafe { f(user as *mut c_void) })))
}

fn node_type(n: &Arc<Node>) -> hipGraphNodeType {
    match &*n.kind.lock() {
        NodeKind::Op(op) => match op.kind {
            OpKind::Kernel(_) => hipGraphNodeTypeKernel,
            OpKind::Copy(_) => hipGraphNodeTypeMemcpy,
            OpKind::Fill(_) => hipGraphNodeTypeMemset,
            OpKind::Host(_) | OpKind::Compute(_) => hipGraphNodeTypeHost,
            OpKind::Free(_) => hipGraphNodeTypeMemFree,
            _ => hipGraphNodeTypeEmpty,
        },
        NodeKind::Empty => hipGraphNodeTypeEmpty,
        NodeKind::EventRecord(_) => hipGraphNodeTypeEventRecord,
        NodeKind::WaitEvent(_) => hipGraphNodeTypeWaitEvent,
        NodeKind::Child(_) => hipGraphNodeTypeGraph,
        NodeKind::MemAlloc(_) => hipGraphNodeTypeMemAlloc,
    }
}

/// The count/array protocol of hipGraphGetNodes and friends.
fn write_nodes(list: Vec<Arc<Node>>, nodes: *mut hipGraphNode_t, num: *mut usize) -> Result<()> {
    if num.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    unsafe {
        if nodes.is_null() {
            *num = list.len();
            return Ok(());
        }
        let cap = *num;
        for (i, n) in list.iter().enumerate().take(cap) {
            *nodes.add(i) = runtime().nodes.insert(n.clone()) as hipGraphNode_t;
        }
        for i in list.len()..cap {
            *nodes.add(i) = std::ptr::null_mut();
        }
        *num = list.len().min(cap);
    }
    Ok(())
}

fn instantiate(out_exec: *mut hipGraphExec_t, g: hipGraph_t) -> Result<()> {
    if out_exec.is_null() {
        return Err(HipError::INVALID_VALUE);
    }
    let g = graph(g)?;
    let e = GraphExec::instantiate(&g)?;
    unsafe { *out_exec = runtime().execs.insert(Arc::new(e)) as hipGraphExec_t };
    Ok(())
}

fn set_params(n: &Arc<Node>, op: Op, p: Params) {
    *n.kind.lock() = NodeKind::Op(op);
    *n.params.lock() = Some(Arc::new(p));
}

hip_api! {
    fn hipGraphCreate(g: *mut hipGraph_t, flags: u32) {
        if g.is_null() || flags != 0 {
            return Err(HipError::INVALID_VALUE);
        }
        *g = runtime().graphs.insert(Graph::new()) as hipGraph_t;
        Ok(())
    }

    fn hipGraphDestroy(g: hipGraph_t) {
        let g = runtime().graphs.remove(g as usize)?;
        for n in g.nodes.lock().iter() {
            let _ = runtime().nodes.remove(handle_of(n));
        }
        Ok(())
    }

    fn hipGraphAddKernelNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, p: *const hipKernelNodeParams) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        add(n, g, deps, nd, NodeKind::Op(kernel_op(&*p)?), Some(Params::Kernel(*p)))
    }

    fn hipGraphAddMemcpyNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, p: *const hipMemcpy3DParms) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        add(n, g, deps, nd, NodeKind::Op(memcpy_op(&*p)?), Some(Params::Memcpy(*p)))
    }

    fn hipGraphAddMemcpyNode1D(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, dst: *mut c_void, src: *const c_void, count: usize, kind: hipMemcpyKind) {
        let op = copy_op(Copy3D::linear(dst as u64, src as u64, count), kind)?;
        add(n, g, deps, nd, NodeKind::Op(op), None)
    }

    fn hipGraphAddMemsetNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, p: *const hipMemsetParams) {
        let p = read_memset(p)?;
        add(n, g, deps, nd, NodeKind::Op(memset_op(&p)?), Some(Params::Memset(p)))
    }

    fn hipGraphAddHostNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, p: *const hipHostNodeParams) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        add(n, g, deps, nd, NodeKind::Op(host_op(&*p)?), Some(Params::Host(*p)))
    }

    fn hipGraphAddEmptyNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize) {
        add(n, g, deps, nd, NodeKind::Empty, None)
    }

    fn hipGraphAddChildGraphNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, child: hipGraph_t) {
        let (copy, _) = graph(child)?.deep_clone()?;
        add(n, g, deps, nd, NodeKind::Child(copy), None)
    }

    fn hipGraphAddEventRecordNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, e: hipEvent_t) {
        let e = crate::event::event(e)?;
        add(n, g, deps, nd, NodeKind::EventRecord(e), None)
    }

    fn hipGraphAddEventWaitNode(n: *mut hipGraphNode_t, g: hipGraph_t, deps: *const hipGraphNode_t, nd: usize, e: hipEvent_t) {
        let e = crate::event::event(e)?;
        add(n, g, deps, nd, NodeKind::WaitEvent(e), None)
    }

    fn hipGraphChildGraphNodeGetGraph(n: hipGraphNode_t, g: *mut hipGraph_t) {
        let nd = node(n)?;
        let NodeKind::Child(c) = nd.kind.lock().clone() else { return Err(HipError::INVALID_VALUE) };
        out(g, runtime().graphs.insert(c) as hipGraph_t)
    }

    fn hipGraphGetNodes(g: hipGraph_t, nodes: *mut hipGraphNode_t, num: *mut usize) {
        let list = graph(g)?.nodes.lock().clone();
        write_nodes(list, nodes, num)
    }

    fn hipGraphGetRootNodes(g: hipGraph_t, nodes: *mut hipGraphNode_t, num: *mut usize) {
        let list: Vec<_> = graph(g)?.nodes.lock().iter().filter(|n| n.deps.lock().is_empty()).cloned().collect();
        write_nodes(list, nodes, num)
    }

    fn hipGraphNodeGetType(n: hipGraphNode_t, t: *mut hipGraphNodeType) {
        out(t, node_type(&node(n)?))
    }

    fn hipGraphNodeGetDependencies(n: hipGraphNode_t, deps: *mut hipGraphNode_t, num: *mut usize) {
        let list = node(n)?.deps.lock().clone();
        write_nodes(list, deps, num)
    }

    fn hipGraphNodeGetDependentNodes(n: hipGraphNode_t, users: *mut hipGraphNode_t, num: *mut usize) {
        let nd = node(n)?;
        let g = owner(&nd)?;
        let list: Vec<_> = g.nodes.lock().iter().filter(|m| m.deps.lock().iter().any(|d| Arc::ptr_eq(d, &nd))).cloned().collect();
        write_nodes(list, users, num)
    }

    fn hipGraphAddDependencies(g: hipGraph_t, from: *const hipGraphNode_t, to: *const hipGraphNode_t, num: usize) {
        let g = graph(g)?;
        let (f, t) = (deps_of(&g, from, num)?, deps_of(&g, to, num)?);
        for (a, b) in f.iter().zip(&t) {
            if Arc::ptr_eq(a, b) {
                return Err(HipError::INVALID_VALUE);
            }
            let mut d = b.deps.lock();
            if d.iter().any(|x| Arc::ptr_eq(x, a)) {
                return Err(HipError::INVALID_VALUE);
            }
            d.push(a.clone());
        }
        Ok(())
    }

    fn hipGraphRemoveDependencies(g: hipGraph_t, from: *const hipGraphNode_t, to: *const hipGraphNode_t, num: usize) {
        let g = graph(g)?;
        let (f, t) = (deps_of(&g, from, num)?, deps_of(&g, to, num)?);
        for (a, b) in f.iter().zip(&t) {
            let mut d = b.deps.lock();
            let before = d.len();
            d.retain(|x| !Arc::ptr_eq(x, a));
            if d.len() == before {
                return Err(HipError::INVALID_VALUE);
            }
        }
        Ok(())
    }

    fn hipGraphGetEdges(g: hipGraph_t, from: *mut hipGraphNode_t, to: *mut hipGraphNode_t, num: *mut usize) {
        if num.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let g = graph(g)?;
        let edges: Vec<(Arc<Node>, Arc<Node>)> = g.nodes.lock().iter()
            .flat_map(|n| n.deps.lock().iter().map(|d| (d.clone(), n.clone())).collect::<Vec<_>>())
            .collect();
        if from.is_null() || to.is_null() {
            *num = edges.len();
            return Ok(());
        }
        let cap = *num;
        for (i, (a, b)) in edges.iter().enumerate().take(cap) {
            *from.add(i) = runtime().nodes.insert(a.clone()) as hipGraphNode_t;
            *to.add(i) = runtime().nodes.insert(b.clone()) as hipGraphNode_t;
        }
        *num = edges.len().min(cap);
        Ok(())
    }

    fn hipGraphDestroyNode(n: hipGraphNode_t) {
        let nd = runtime().nodes.remove(n as usize)?;
        if let Ok(g) = owner(&nd) {
            g.remove(&nd);
        }
        Ok(())
    }

    fn hipGraphClone(clone: *mut hipGraph_t, g: hipGraph_t) {
        if clone.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let (c, _) = graph(g)?.deep_clone()?;
        *clone = runtime().graphs.insert(c) as hipGraph_t;
        Ok(())
    }

    fn hipGraphNodeFindInClone(found: *mut hipGraphNode_t, original: hipGraphNode_t, clone: hipGraph_t) {
        if found.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        let orig = node(original)?;
        let c = graph(clone)?;
        // A clone is built in the original's topological order, so positions correspond.
        let order = owner(&orig)?.topo_order()?;
        let pos = order.iter().position(|n| Arc::ptr_eq(n, &orig)).ok_or(HipError::INVALID_VALUE)?;
        let copy = c.nodes.lock().get(pos).cloned().ok_or(HipError::INVALID_VALUE)?;
        *found = runtime().nodes.insert(copy) as hipGraphNode_t;
        Ok(())
    }

    fn hipGraphInstantiate(e: *mut hipGraphExec_t, g: hipGraph_t, err_node: *mut hipGraphNode_t, log: *mut i8, log_size: usize) {
        let _ = (log, log_size);
        if !err_node.is_null() {
            *err_node = std::ptr::null_mut();
        }
        instantiate(e, g)
    }

    fn hipGraphInstantiateWithFlags(e: *mut hipGraphExec_t, g: hipGraph_t, flags: u64) {
        // AutoFreeOnLaunch (1) | Upload (2) | DeviceLaunch (4) | UseNodePriority (8)
        if flags & !0xF != 0 || e.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        *e = runtime().execs.insert(Arc::new(GraphExec::instantiate_with_flags(&*graph(g)?, flags)?)) as hipGraphExec_t;
        Ok(())
    }

    fn hipGraphLaunch(e: hipGraphExec_t, s: hipStream_t) {
        let ex = exec(e)?;
        runtime().launch_graph(&ex, &stream(s)?)
    }

    fn hipGraphUpload(e: hipGraphExec_t, s: hipStream_t) {
        exec(e)?;
        stream(s).map(drop)
    }

    fn hipGraphExecDestroy(e: hipGraphExec_t) {
        runtime().execs.remove(e as usize).map(drop)
    }

    fn hipGraphKernelNodeGetParams(n: hipGraphNode_t, p: *mut hipKernelNodeParams) {
        match params(&node(n)?) {
            Some(Params::Kernel(k)) => out(p, k),
            _ => Err(HipError::INVALID_VALUE),
        }
    }

    fn hipGraphKernelNodeSetParams(n: hipGraphNode_t, p: *const hipKernelNodeParams) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        set_params(&node(n)?, kernel_op(&*p)?, Params::Kernel(*p));
        Ok(())
    }

    fn hipGraphMemcpyNodeGetParams(n: hipGraphNode_t, p: *mut hipMemcpy3DParms) {
        match params(&node(n)?) {
            Some(Params::Memcpy(m)) => out(p, m),
            _ => Err(HipError::INVALID_VALUE),
        }
    }

    fn hipGraphMemcpyNodeSetParams(n: hipGraphNode_t, p: *const hipMemcpy3DParms) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        set_params(&node(n)?, memcpy_op(&*p)?, Params::Memcpy(*p));
        Ok(())
    }

    fn hipGraphMemsetNodeGetParams(n: hipGraphNode_t, p: *mut hipMemsetParams) {
        match params(&node(n)?) {
            Some(Params::Memset(m)) => write_memset(p, m),
            _ => Err(HipError::INVALID_VALUE),
        }
    }

    fn hipGraphMemsetNodeSetParams(n: hipGraphNode_t, p: *const hipMemsetParams) {
        let p = read_memset(p)?;
        set_params(&node(n)?, memset_op(&p)?, Params::Memset(p));
        Ok(())
    }

    fn hipGraphHostNodeGetParams(n: hipGraphNode_t, p: *mut hipHostNodeParams) {
        match params(&node(n)?) {
            Some(Params::Host(h)) => out(p, h),
            _ => Err(HipError::INVALID_VALUE),
        }
    }

    fn hipGraphHostNodeSetParams(n: hipGraphNode_t, p: *const hipHostNodeParams) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        set_params(&node(n)?, host_op(&*p)?, Params::Host(*p));
        Ok(())
    }

    fn hipGraphExecKernelNodeSetParams(e: hipGraphExec_t, n: hipGraphNode_t, p: *const hipKernelNodeParams) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        exec(e)?.set_op(node(n)?.key(), kernel_op(&*p)?)
    }

    fn hipGraphExecMemcpyNodeSetParams(e: hipGraphExec_t, n: hipGraphNode_t, p: *mut hipMemcpy3DParms) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        exec(e)?.set_op(node(n)?.key(), memcpy_op(&*p)?)
    }

    fn hipGraphExecMemsetNodeSetParams(e: hipGraphExec_t, n: hipGraphNode_t, p: *const hipMemsetParams) {
        let p = read_memset(p)?;
        exec(e)?.set_op(node(n)?.key(), memset_op(&p)?)
    }

    fn hipGraphExecHostNodeSetParams(e: hipGraphExec_t, n: hipGraphNode_t, p: *const hipHostNodeParams) {
        if p.is_null() {
            return Err(HipError::INVALID_VALUE);
        }
        exec(e)?.set_op(node(n)?.key(), host_op(&*p)?)
    }

    fn hipGraphExecUpdate(e: hipGraphExec_t, g: hipGraph_t, err_node: *mut hipGraphNode_t, result: *mut i32) {
        let ex = exec(e)?;
        let fresh = GraphExec::instantiate(&*graph(g)?)?;
        if !err_node.is_null() {
            *err_node = std::ptr::null_mut();
        }
        if ex.steps.lock().len() != fresh.steps.lock().len() {
            // hipGraphExecUpdateErrorTopologyChanged
            if !result.is_null() { *result = 2; }
            return Err(HipError::GRAPH_EXEC_UPDATE_FAILURE);
        }
        *ex.steps.lock() = fresh.steps.lock().clone();
        if !result.is_null() { *result = 0; }
        Ok(())
    }
}
