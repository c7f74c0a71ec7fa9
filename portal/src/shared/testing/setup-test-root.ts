import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

// React's act() warns unless it knows it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** The element the tree renders into, in the document. */
  readonly container: HTMLDivElement;
  readonly root: Root;
}

/**
 * For component tests: a React root in a fresh container for every test of the calling file,
 * unmounted and removed after each. Call it once, at the top level of the test file.
 */
export function setupTestRoot(): TestRoot {
  let current: TestRoot | undefined;
  beforeEach(() => {
    const container = document.createElement('div');
    document.body.append(container);
    current = { container, root: createRoot(container) };
  });
  afterEach(() => {
    const done = current;
    current = undefined;
    if (!done) return;
    act(() => done.root.unmount());
    done.container.remove();
  });
  const now = () => {
    if (!current) throw new Error('setupTestRoot: only inside a test');
    return current;
  };
  return {
    get container() {
      return now().container;
    },
    get root() {
      return now().root;
    },
  };
}
