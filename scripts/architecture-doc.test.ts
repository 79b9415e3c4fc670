import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { List, PhrasingContent, Root, RootContent } from 'mdast';
import { remark } from 'remark';
import { describe, expect, it } from 'vitest';

// docs/architecture.md states the order of layers that .dependency-cruiser.cjs enforces; both read
// it from scripts/layers.cjs, the doc by hand. This test keeps the two the same.
//
// The format of the doc's "## Layers" section: its first ordered list, one item per layer, bottom
// first, each item starting with the layer's name in bold, a colon, and its folders as code spans
// separated by commas (a trailing `/` is allowed); anything after the folders is prose:
//
//   1. **core**: `runtime/core/` — the operation table, …
//   3. **runtime parts**: `runtime/embedded-store/`, `runtime/rate-limit/`, `runtime/webhooks/` — …

/** A layer as scripts/layers.cjs lists it. */
interface Layer {
  layer: string;
  folders: string[];
}

const layersModule = createRequire(import.meta.url)('./layers.cjs') as ReadonlyArray<Layer>;
const DOC = new URL('../docs/architecture.md', import.meta.url);

/** The text of inline nodes, code spans included. */
const textOf = (nodes: PhrasingContent[]): string =>
  nodes
    .map((node) => ('value' in node ? node.value : 'children' in node ? textOf(node.children) : ''))
    .join('');

/** The first ordered list under the `## Layers` heading, before the next heading of that depth. */
function layersList(tree: Root): List {
  const start = tree.children.findIndex(
    (node) => node.type === 'heading' && node.depth === 2 && textOf(node.children) === 'Layers',
  );
  if (start === -1) throw new Error('docs/architecture.md has no "## Layers" section');
  for (const node of tree.children.slice(start + 1)) {
    if (node.type === 'heading' && node.depth <= 2) break;
    if (node.type === 'list' && node.ordered) return node;
  }
  throw new Error('the "## Layers" section of docs/architecture.md has no numbered list');
}

/** One list item as a layer: its bold name, then the code spans that follow, up to other text. */
function layerOf(item: RootContent, index: number): Layer {
  const paragraph = 'children' in item ? item.children[0] : undefined;
  const [name, ...rest] = paragraph?.type === 'paragraph' ? paragraph.children : [];
  if (name?.type !== 'strong') throw new Error(`layer ${index + 1} does not start with its name in bold`);
  const folders: string[] = [];
  for (const node of rest) {
    if (node.type === 'inlineCode') folders.push(node.value.replace(/\/$/, ''));
    else if (node.type !== 'text' || !/^[\s:,]*$/.test(node.value)) break;
  }
  return { layer: textOf(name.children), folders };
}

/** The layers docs/architecture.md states, bottom first. */
function documentedLayers(markdown: string): Layer[] {
  return layersList(remark().parse(markdown)).children.map(layerOf);
}

describe('the architecture document', () => {
  it('states the layers in the order scripts/layers.cjs gives them and the import rules enforce', () => {
    const stated = documentedLayers(readFileSync(DOC, 'utf8'));
    expect(stated).toEqual(layersModule.map(({ layer, folders }) => ({ layer, folders: [...folders] })));
  });

  it('reads the format it documents, and tells a changed order or folder apart', () => {
    const doc = (items: string) =>
      `# A\n\n## Layers\n\nProse.\n\n${items}\n## Next\n\n1. **not a layer**: \`x/\`\n`;
    const layers = documentedLayers(
      doc(
        '1. **domain rules**: `runtime/domain/` — pure rules; `not/a/folder`.\n2. **tools**: `bench/`, `fuzz`\n',
      ),
    );
    expect(layers).toEqual([
      { layer: 'domain rules', folders: ['runtime/domain'] },
      { layer: 'tools', folders: ['bench', 'fuzz'] },
    ]);
    expect(documentedLayers(doc('1. **tools**: `bench/`\n2. **core**: `runtime/core/`\n'))).not.toEqual(
      documentedLayers(doc('1. **core**: `runtime/core/`\n2. **tools**: `bench/`\n')),
    );
    expect(() => documentedLayers('# A\n\n## Other\n\n1. **core**: `runtime/core/`\n')).toThrow(/Layers/);
    expect(() => documentedLayers(doc('1. core: `runtime/core/`\n'))).toThrow(/bold/);
  });
});
