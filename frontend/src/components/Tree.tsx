'use client';

import { useState } from 'react';

/** One node of a tree as the API answers it (the spec's node shape). */
export interface TreeNode {
  key: string;
  parentKey: string;
  label: string;
  parentName: string;
  type: string;
  value: string | null;
  children: readonly TreeNode[];
}

/** How many levels a tree shows open at first (deeper branches open on a click). */
export const TREE_OPEN_DEPTH = 2;

/** Keys of every branch down to `depth` levels: the ones open at first. */
export function openKeys(nodes: readonly TreeNode[], depth = TREE_OPEN_DEPTH): Set<string> {
  const open = new Set<string>();
  const walk = (items: readonly TreeNode[], level: number) => {
    for (const node of items) {
      if (node.children.length > 0 && level < depth) {
        open.add(node.key);
        walk(node.children, level + 1);
      }
    }
  };
  walk(nodes, 0);
  return open;
}

/**
 * A read-only tree (an XML file, a nested structure): branches open and close with a button,
 * leaves show their value. Keyboard and screen readers get a `tree` with `treeitem`s.
 */
export function Tree({ nodes, label }: { nodes: readonly TreeNode[]; label: string }) {
  const [open, setOpen] = useState(() => openKeys(nodes));
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <ul role="tree" aria-label={label} className="overflow-x-auto text-sm">
      {nodes.map((node) => (
        <TreeItem key={node.key} node={node} open={open} onToggle={toggle} level={1} />
      ))}
    </ul>
  );
}

function TreeItem({ node, open, onToggle, level }: { node: TreeNode; open: Set<string>; onToggle: (key: string) => void; level: number }) {
  const branch = node.children.length > 0;
  const expanded = branch && open.has(node.key);
  return (
    <li role="treeitem" aria-level={level} aria-expanded={branch ? expanded : undefined} aria-selected={false} data-tree-type={node.type} className="min-w-0">
      {branch ? (
        <button type="button" onClick={() => onToggle(node.key)} className="flex w-full items-center gap-1.5 rounded px-1 py-0.5 text-left font-medium text-slate-800 hover:bg-slate-50">
          <span aria-hidden="true" className={`inline-block w-3 text-slate-400 transition-transform ${expanded ? 'rotate-90' : ''}`}>
            ▸
          </span>
          {node.label}
        </button>
      ) : (
        <div className="flex flex-wrap gap-x-2 px-1 py-0.5 pl-5">
          <span className="text-slate-500">{node.label}</span>
          <span className="break-all font-mono text-slate-900">{node.value ?? ''}</span>
        </div>
      )}
      {expanded && (
        <ul role="group" className="ml-3 border-l border-slate-200 pl-2">
          {node.children.map((child) => (
            <TreeItem key={child.key} node={child} open={open} onToggle={onToggle} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
