import '@testing-library/jest-dom/vitest';

// jsdom has no matchMedia: every media query is false (desktop, light scheme).
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom has no scrollIntoView: a no-op the tests can spy on.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

// The UI tests run beside the unit and API tests on two cores: give findBy/waitFor room under
// load (the default 1 s made first renders flaky; 5 s was hit at load 15 with three suites at
// once on two cores; 10 s by a file's first render, which transforms its lazy page's modules,
// with two CI runs side by side at load 16), without slowing the passing case.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 30_000 });

// jsdom finds a label's control (`for="id"`) by walking the whole document, and an element's
// `labels` asks that of every node: O(n²) per accessible-name lookup, a fifth of the UI tests'
// time on the big forms. The document keeps an index of ids (what getElementById answers: the
// first element in tree order with the id, as the specification's rule says), so the same answer
// comes from it; other roots (fragments, shadow roots) keep jsdom's own walk.
import { createRequire } from 'node:module';
{
  const require = createRequire(import.meta.url);
  const label = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js').implementation as {
    prototype: object;
  };
  const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
    isLabelable: (n: unknown) => boolean;
  };
  const walk = Object.getOwnPropertyDescriptor(label.prototype, 'control')!.get!;
  type LabelImpl = {
    hasAttributeNS(ns: null, n: string): boolean;
    getAttributeNS(ns: null, n: string): string;
    getRootNode(o: object): { _byIdCache?: unknown; getElementById(id: string): unknown };
  };
  Object.defineProperty(label.prototype, 'control', {
    configurable: true,
    get(this: LabelImpl) {
      if (this.hasAttributeNS(null, 'for')) {
        const root = this.getRootNode({});
        if (root._byIdCache) {
          const id = this.getAttributeNS(null, 'for');
          if (id === '') return null;
          const el = root.getElementById(id);
          return el && isLabelable(el) ? el : null;
        }
      }
      return walk.call(this);
    },
  });
}

// A form control's `labels` walked the whole document for every control asked, again after each
// change of the document (testing-library asks it of every button and field while it computes
// names): a twentieth of the UI tests' time. The labels of a document are the same for every
// control until it changes, so they are collected once per change of the document (jsdom's own
// `_version`, what its live list checks), and each control keeps those whose control it is, in the
// same tree order.
{
  const require = createRequire(import.meta.url);
  const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
    isLabelable: (n: unknown) => boolean;
  };
  const { domSymbolTree } = require('jsdom/lib/jsdom/living/helpers/internal-constants.js') as {
    domSymbolTree: { treeIterator(root: object): Iterable<{ control?: unknown; _localName?: string }> };
  };
  const NodeList = require('jsdom/lib/generated/idl/NodeList.js') as {
    createImpl(global: unknown, args: unknown[], data: { element: object; query: () => unknown[] }): unknown;
  };
  type Root = { _version: number; _globalObject: unknown };
  const seen = new WeakMap<Root, { version: number; labels: Array<{ control?: unknown }> }>();
  const labelsOf = (root: Root) => {
    const hit = seen.get(root);
    if (hit && hit.version === root._version) return hit.labels;
    const labels = [];
    for (const node of domSymbolTree.treeIterator(root)) if (node._localName === 'label') labels.push(node);
    seen.set(root, { version: root._version, labels });
    return labels;
  };
  for (const name of ['Input', 'Button', 'Select', 'TextArea', 'Output', 'Meter', 'Progress']) {
    const impl = require(`jsdom/lib/jsdom/living/nodes/HTML${name}Element-impl.js`).implementation as {
      prototype: object;
    };
    Object.defineProperty(impl.prototype, 'labels', {
      configurable: true,
      get(this: { _labels?: unknown; getRootNode(o: object): Root }) {
        if (!isLabelable(this)) return null;
        if (!this._labels) {
          const root = this.getRootNode({});
          this._labels = NodeList.createImpl(root._globalObject, [], {
            element: root,
            query: () => labelsOf(root).filter((l) => l.control === this),
          });
        }
        return this._labels;
      },
    });
  }
}

// jsdom computes every property of every matching rule for getComputedStyle, and its border
// shorthands parse slowly: with MUI's emotion rules that was two fifths of the UI tests' time
// (testing-library asks the style of every element a role query looks at). The computed style
// keeps only the properties something here reads: visibility for testing-library, user-event
// and jest-dom (display, visibility, opacity, pointer-events), colours for the tests that check
// them, and the box properties MUI measures (TextareaAutosize's width and box-sizing; not the
// padding longhands: resolving each of them walked every ancestor, a quarter of the form tests'
// time, and with no layout in jsdom MUI adds 0 either way).
const READ = new Set([
  'display',
  'visibility',
  'opacity',
  'pointer-events',
  'content',
  'color',
  'background-color',
  'background',
  'background-image',
  'overflow',
  'overflow-x',
  'overflow-y',
  'box-sizing',
  'width',
  'height',
]);
{
  const require = createRequire(import.meta.url);
  const decl = require('jsdom/lib/jsdom/living/css/CSSStyleDeclaration-impl.js').implementation as {
    prototype: { setProperty(p: string, v: string, pr?: string): void };
  };
  const setProperty = decl.prototype.setProperty;
  decl.prototype.setProperty = function (
    this: { _computed: boolean },
    property: string,
    value: string,
    priority?: string,
  ) {
    if (this._computed && !READ.has(property.toLowerCase())) return;
    return setProperty.call(this, property, value, priority);
  };
}

// Each getComputedStyle call copies the element's cached declaration into a new one, which then
// resolves the inherited colour and colour scheme again by walking every ancestor before it answers
// even `display`: testing-library asks that of every element and of each of its ancestors for each
// role query. Within one style generation (jsdom drops its style cache on any change to the
// document or to a stylesheet, and its `_styleCache` is then a new map) the answer cannot differ,
// so the same declaration, with the values it has already resolved, is given back.
{
  const require = createRequire(import.meta.url);
  const { implForWrapper } = require('jsdom/lib/generated/idl/utils.js') as {
    implForWrapper: (w: unknown) => { _ownerDocument?: { _styleCache: object } } | null;
  };
  const original = window.getComputedStyle;
  const memo = new WeakMap<Element, { generation: object; style: CSSStyleDeclaration }>();
  window.getComputedStyle = function getComputedStyle(this: Window, element: Element, pseudoElement?: string | null) {
    const generation = pseudoElement ? undefined : implForWrapper(element)?._ownerDocument?._styleCache;
    if (!generation) return original.call(this, element, pseudoElement);
    const hit = memo.get(element);
    if (hit && hit.generation === generation) return hit.style;
    const style = original.call(this, element);
    memo.set(element, { generation, style });
    return style;
  };
}

// getComputedStyle matches every rule of every stylesheet against the element and each of its
// ancestors, once per style generation, and React changes the document between two polls of a
// findBy: with MUI's ≈900 emotion rules that is a third of the UI tests' time. Only the
// properties kept above are ever read, so a rule that sets none of them cannot change an answer;
// nor can a rule whose only selector is a pseudo-element (jsdom never applies those), or one whose
// selector does not parse (below). Such a rule is given a subject no element has, and jsdom's own
// pre-filter (`ruleMightMatchElement`) skips it before matching its selector. Emotion writes a rule
// once and never edits it.
{
  const require = createRequire(import.meta.url);
  const rule = require('jsdom/lib/jsdom/living/css/CSSStyleRule-impl.js').implementation as { prototype: object };
  const NEVER = [{ id: '\u0000never' }];
  type RuleImpl = {
    selectorText: string;
    style: { length: number; item(i: number): string };
    __subjects?: unknown;
    __relevant?: boolean;
  };
  // a selector jsdom's engine cannot parse (emotion's vendor pseudo-classes: ':-webkit-autofill',
  // '::-moz-placeholder' in a list) throws a DOMException and a parse error for every element it is
  // matched against, and so matches nothing: a tenth of the UI tests' time went into those throws.
  // It is tried once, on an element of no document.
  let probe: Element | undefined;
  const parses = (selector: string) => {
    probe ??= document.createElement('div');
    try {
      probe.matches(selector);
      return true;
    } catch {
      return false;
    }
  };
  const relevant = (r: RuleImpl) => {
    if (r.selectorText.includes('::') && !r.selectorText.includes(',')) return false;
    let reads = false;
    for (let i = 0; i < r.style.length && !reads; i++) {
      const property = r.style.item(i);
      if (READ.has(property) || property.startsWith('--')) reads = true;
    }
    return reads && parses(r.selectorText);
  };
  const relevantRule = (r: RuleImpl) => (r.__relevant ??= relevant(r));
  // A stylesheet made only of such rules (emotion writes one rule per <style> outside production)
  // cannot change an answer either: it is not listed in the document's sheets, so that
  // getComputedStyle does not walk it for every element (a tenth of the UI tests' time). A sheet with
  // no rule yet is listed (rules may be inserted later); a <style> whose text changes gets a new sheet.
  {
    const list = require('jsdom/lib/jsdom/living/css/StyleSheetList-impl.js').implementation as {
      prototype: { _add(sheet: unknown): void };
    };
    const add = list.prototype._add;
    const STYLE_RULE = 1;
    const KEYFRAMES_RULE = 7;
    const inert = (sheet: { cssRules?: { _list?: Array<RuleImpl & { type: number }> } }) => {
      const rules = sheet.cssRules?._list;
      return (
        !!rules?.length && rules.every((r) => r.type === KEYFRAMES_RULE || (r.type === STYLE_RULE && !relevantRule(r)))
      );
    };
    list.prototype._add = function (this: unknown, sheet: unknown) {
      if (inert(sheet as Parameters<typeof inert>[0])) return;
      return add.call(this, sheet);
    };
  }
  Object.defineProperty(rule.prototype, '_selectorSubjects', {
    configurable: true,
    get(this: RuleImpl) {
      return relevantRule(this) ? this.__subjects : NEVER;
    },
    set(this: RuleImpl, v: unknown) {
      this.__subjects = v;
    },
  });
}

// React's development build captures a stack (an Error, and a console task) for every element it
// creates, for the owner stacks of its warnings: a tenth of the UI tests' time with its garbage.
// The tests read the warnings' messages, never those stacks: the counter that turns the capture off
// after 10,000 elements per render says it is always past that.
import * as React from 'react';
{
  const internals = (React as unknown as Record<string, object>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && 'recentlyCreatedOwnerStacks' in internals)
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
      configurable: true,
      get: () => Number.POSITIVE_INFINITY,
      set: () => {},
    });
}

// react-admin's AutocompleteInput hands its typed text to the reference input through a 250 ms
// lodash debounce that is not cancelled on unmount, and ra-core's useReferenceParams then defers
// the change of parameters by a zero-delay timer: one still pending when a file's last test ends
// fired after jsdom was torn down ('ReferenceError: window is not defined', an unhandled error
// that fails the run; seen once in CI, tests/ui/bollettini.test.tsx). At the end of each file,
// wait past the debounce, then two turns of the timer queue (timers fire by due time, then in the
// order they were set, so the zero-delay timer set by a late debounce fires before ours); the
// state update then goes nowhere while the window still exists.
import { afterAll } from 'vitest';
const AUTOCOMPLETE_DEBOUNCE_MS = 250;
const turn = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });
afterAll(async () => {
  await turn(AUTOCOMPLETE_DEBOUNCE_MS + 50);
  await turn(0);
  await turn(0);
});
