import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
const dir = process.argv[2];
for (const name of process.argv.slice(3)) {
  const file = `${dir}/${name}`;
  const code = readFileSync(file, 'utf8');
  try { readFileSync(file + '.map'); } catch { continue; }
  const map = JSON.parse(readFileSync(file + '.map', 'utf8'));
  const c = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const bySrc = {};
  let prev = null;
  c.eachMapping((m) => {
    if (prev) {
      const line = lines[prev.generatedLine - 1];
      const end = m.generatedLine === prev.generatedLine ? m.generatedColumn : line.length;
      const key = (prev.source || '?').replace(/.*node_modules\//, 'nm:').replace(/^(nm:(@[^/]+\/)?[^/]+).*/, '$1');
      bySrc[key] = (bySrc[key] || 0) + Math.max(0, end - prev.generatedColumn);
    }
    prev = m;
  });
  const total = code.length;
  console.log(`== ${name} raw ${(total/1024).toFixed(0)}K gz ${(gzipSync(code).length/1024).toFixed(1)}K`);
  for (const [k, v] of Object.entries(bySrc).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`   ${(v/1024).toFixed(1).padStart(7)}K ${k}`);
}
