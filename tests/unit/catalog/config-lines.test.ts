import { parse as parseYaml } from 'yaml';
import { configLines, isSelectedLine, normalizeConfigPath } from '@/lib/catalog/config-lines';

const config = {
  apiVersion: 'apps/v1',
  metadata: { name: 'checkout', labels: { 'app.kubernetes.io/name': 'checkout' } },
  spec: {
    replicas: 3,
    paused: false,
    containers: [
      { name: 'web', image: 'checkout:1.2', ports: [{ containerPort: 8080 }] },
      { name: 'sidecar', args: ['--a', 'true'] },
    ],
    empty: {},
    none: [],
    note: 'line one\nline two',
    version: '1.10',
  },
};

describe('configLines', () => {
  it('writes JSON that parses back to the config', () => {
    const text = configLines(config, 'json')
      .map((l) => l.text)
      .join('\n');
    expect(JSON.parse(text)).toEqual(config);
    expect(text).toBe(JSON.stringify(config, null, 2));
  });

  it('writes YAML that parses back to the config', () => {
    const text = configLines(config, 'yaml')
      .map((l) => l.text)
      .join('\n');
    expect(parseYaml(text)).toEqual(config);
  });

  it('tags each line with the path it shows', () => {
    const yaml = configLines(config, 'yaml');
    expect(yaml.find((l) => l.text.includes('image:'))?.path).toBe('spec.containers[0].image');
    expect(yaml.find((l) => l.text.includes('app.kubernetes.io/name'))?.path).toBe(
      'metadata.labels["app.kubernetes.io/name"]',
    );
    const json = configLines(config, 'json');
    expect(json.find((l) => l.text.includes('"replicas"'))?.path).toBe('spec.replicas');
  });

  it('highlights a path and everything inside it, in either spelling', () => {
    const selected = normalizeConfigPath('$.spec.containers[0]');
    expect(selected).toBe('spec.containers[0]');
    const hits = configLines(config, 'yaml').filter((l) => isSelectedLine(l.path, selected));
    expect(hits.map((l) => l.text.trim())).toEqual([
      '- name: web',
      'image: checkout:1.2',
      'ports:',
      '- containerPort: 8080',
    ]);
    expect(isSelectedLine('spec.replicas', normalizeConfigPath('spec["replicas"]'))).toBe(true);
    expect(isSelectedLine('spec.replicasX', 'spec.replicas')).toBe(false);
    expect(isSelectedLine('spec', '')).toBe(false);
  });
});

describe('configLines YAML scalars', () => {
  it('quotes what YAML would read differently and keeps plain text plain', () => {
    const tricky = {
      a: 'yes',
      b: '007',
      c: 'key: value',
      d: 'x #y',
      e: 'ends:',
      f: '',
      g: ' lead',
      h: 'nginx:1.2',
      i: '@at',
      j: null,
      k: 1.5,
      l: true,
    };
    const text = configLines(tricky, 'yaml')
      .map((l) => l.text)
      .join('\n');
    expect(parseYaml(text)).toEqual(tricky);
    expect(text).toContain('h: nginx:1.2');
  });
});
