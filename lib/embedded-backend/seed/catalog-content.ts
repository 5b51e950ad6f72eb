import type { SeedRow } from './bulk-insert';

/**
 * What the catalog's insight and change dialogs show: analysis bodies as the analyzers write them (Trivy findings,
 * Kubernetes best-practice checks, AWS Trusted Advisor and Security Hub, Azure Advisor), and the SQL that builds
 * realistic unified diffs and JSON patches for `diff` changes (used set-based by seed/index.ts).
 */

export interface AnalysisFinding {
  analyzer: string;
  source: string;
  analysis_type: string;
  summary: string;
  message: string;
  analysis: Record<string, unknown>;
}

const CVES = [
  {
    id: 'CVE-2024-3094',
    pkg: 'xz-utils',
    installed: '5.6.0-0.2',
    fixed: '5.6.1+really5.4.5-1',
    severity: 'CRITICAL',
    title: 'xz: malicious code in distributed source',
  },
  {
    id: 'CVE-2023-44487',
    pkg: 'golang.org/x/net',
    installed: 'v0.15.0',
    fixed: 'v0.17.0',
    severity: 'HIGH',
    title: 'HTTP/2 rapid reset can cause excessive work',
  },
  {
    id: 'CVE-2024-24790',
    pkg: 'stdlib',
    installed: '1.21.8',
    fixed: '1.21.11',
    severity: 'CRITICAL',
    title: 'net/netip: unexpected behavior from Is methods for IPv4-mapped IPv6 addresses',
  },
  {
    id: 'CVE-2023-5363',
    pkg: 'openssl',
    installed: '3.0.11-1',
    fixed: '3.0.12-1',
    severity: 'HIGH',
    title: 'openssl: incorrect cipher key and IV length processing',
  },
];

/** One finding for an item, by the analyzer that fits its type (i picks among the variants). */
export function analysisFinding(item: SeedRow, i: number): AnalysisFinding {
  const type = String(item.type);
  const name = String(item.name);
  if (type.startsWith('Kubernetes::')) {
    if (i % 3 === 0) {
      const cve = CVES[i % CVES.length] ?? CVES[0];
      const image = `ghcr.io/acme/${name.split('-')[0]}:1.${i % 9}.${i % 4}`;
      return {
        analyzer: cve?.id ?? 'CVE',
        source: 'trivy',
        analysis_type: 'security',
        summary: `${cve?.pkg}: ${cve?.title}`,
        message: `**${cve?.id}** (${cve?.severity}) in \`${cve?.pkg}\` ${cve?.installed} of image \`${image}\`.\n\nUpgrade to ${cve?.fixed} or later.`,
        analysis: {
          image,
          target: `${image} (debian 12.5)`,
          vulnerabilities: [
            {
              VulnerabilityID: cve?.id,
              PkgName: cve?.pkg,
              InstalledVersion: cve?.installed,
              FixedVersion: cve?.fixed,
              Severity: cve?.severity,
              Title: cve?.title,
              PrimaryURL: `https://avd.aquasec.com/nvd/${cve?.id.toLowerCase()}`,
            },
          ],
        },
      };
    }
    const rules = [
      {
        analyzer: 'missing-memory-limit',
        type: 'reliability',
        text: 'Container "app" has no memory limit',
        fix: 'Set resources.limits.memory so one pod cannot exhaust the node.',
      },
      {
        analyzer: 'readiness-probe-missing',
        type: 'availability',
        text: 'Container "app" has no readiness probe',
        fix: 'Add a readinessProbe so traffic only reaches ready pods.',
      },
      {
        analyzer: 'latest-image-tag',
        type: 'technical_debt',
        text: 'Image uses the mutable tag :latest',
        fix: 'Pin the image by version or digest.',
      },
      {
        analyzer: 'privileged-container',
        type: 'compliance',
        text: 'Container runs privileged',
        fix: 'Drop privileged: true and add only the capabilities needed.',
      },
    ];
    const rule = rules[i % rules.length] ?? rules[0];
    return {
      analyzer: rule?.analyzer ?? 'kubernetes',
      source: 'kubernetes',
      analysis_type: rule?.type ?? 'reliability',
      summary: `${rule?.text} (${name})`,
      message: `${rule?.text}.\n\n${rule?.fix}`,
      analysis: {
        messages: [rule?.text],
        container: 'app',
        namespace: (item.tags as Record<string, string> | undefined)?.namespace,
        remediation: rule?.fix,
        documentation: `https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/`,
      },
    };
  }
  if (type.startsWith('AWS::')) {
    if (i % 2 === 0) {
      const savings = 20 + (i % 40) * 7.5;
      return {
        analyzer: type === 'AWS::RDS::DBInstance' ? 'underutilized-rds' : 'idle-ec2-instance',
        source: 'aws-trusted-advisor',
        analysis_type: i % 4 === 0 ? 'cost' : 'recommendation',
        summary: `${name} averaged ${(i % 5) + 1}% CPU over 14 days`,
        message: `Estimated monthly savings **$${savings.toFixed(2)}** by stopping or downsizing \`${name}\`.`,
        analysis: {
          estimatedMonthlySavings: savings,
          currency: 'USD',
          cpuAverage14d: (i % 5) + 1,
          networkIO14dMB: 3 + (i % 20),
          recommendation: 'Stop or downsize the instance',
          checkId: 'Qch7DwouX1',
        },
      };
    }
    return {
      analyzer: 'EC2.19',
      source: 'aws-security-hub',
      analysis_type: 'compliance',
      summary: 'Security groups should not allow unrestricted access to ports with high risk',
      message: "Port 22 is open to 0.0.0.0/0.\n\nRestrict the rule to the bastion's address range.",
      analysis: {
        control: 'EC2.19',
        standard: 'AWS Foundational Security Best Practices v1.0.0',
        severity: 'CRITICAL',
        resource: name,
        remediation: 'https://docs.aws.amazon.com/securityhub/latest/userguide/ec2-controls.html#ec2-19',
      },
    };
  }
  if (type.startsWith('Azure::')) {
    return {
      analyzer: 'vm-right-size',
      source: 'azure-advisor',
      analysis_type: 'performance',
      summary: `Right-size or shut down underutilized virtual machine ${name}`,
      message: 'The VM used under 5% CPU for 7 days. Resize to **Standard_B2s** to save about $94/month.',
      analysis: {
        impact: 'Medium',
        category: 'Cost',
        currentSku: 'Standard_D4s_v5',
        targetSku: 'Standard_B2s',
        annualSavings: 1128,
        currency: 'USD',
      },
    };
  }
  return {
    analyzer: 'workflow-failure-rate',
    source: 'github',
    analysis_type: 'integration',
    summary: `${name} failed 4 of its last 10 runs`,
    message: 'The workflow fails intermittently in the **e2e** job (timeouts).',
    analysis: { runs: 10, failures: 4, failingJob: 'e2e', lastFailure: 'timeout after 20m' },
  };
}

/**
 * The diff and patches of a `diff` change, as SQL expressions over `h` (a stable hash per change) and `ci` (the
 * item): five kinds of edit — replica count, image tag, memory limit, a label, an environment variable — each a
 * unified diff of the YAML with a matching JSON merge patch.
 */
export const DIFF_SQL = String.raw`
  CASE x.h1 % 5
    WHEN 0 THEN format(E'--- a/%1$s\n+++ b/%1$s\n@@ -6,7 +6,7 @@ metadata:\n   namespace: %2$s\n spec:\n   progressDeadlineSeconds: 600\n-  replicas: %3$s\n+  replicas: %4$s\n   revisionHistoryLimit: 10\n   selector:\n     matchLabels:\n', coalesce(ci.name, 'spec'), coalesce(ci.tags ->> 'namespace', 'default'), x.h1 % 5 + 1, x.h1 % 5 + 2)
    WHEN 1 THEN format(E'--- a/%1$s\n+++ b/%1$s\n@@ -21,7 +21,7 @@ spec:\n       containers:\n       - name: app\n-        image: ghcr.io/acme/%1$s:1.%2$s.%3$s\n+        image: ghcr.io/acme/%1$s:1.%2$s.%4$s\n         imagePullPolicy: IfNotPresent\n         ports:\n         - containerPort: 8080\n', coalesce(ci.name, 'app'), x.h1 % 9, x.h2 % 7, x.h2 % 7 + 1)
    WHEN 2 THEN format(E'--- a/%1$s\n+++ b/%1$s\n@@ -30,10 +30,10 @@ spec:\n         resources:\n           limits:\n             cpu: 500m\n-            memory: %2$sMi\n+            memory: %3$sMi\n           requests:\n             cpu: 100m\n-            memory: 128Mi\n+            memory: %4$sMi\n', coalesce(ci.name, 'app'), 256 * (x.h1 % 3 + 1), 256 * (x.h1 % 3 + 2), 128 * (x.h1 % 3 + 1))
    WHEN 3 THEN format(E'--- a/%1$s\n+++ b/%1$s\n@@ -3,8 +3,9 @@ metadata:\n   labels:\n     app: %1$s\n-    team: %2$s\n+    team: %3$s\n+    cost-center: cc-%4$s\n   name: %1$s\n', coalesce(ci.name, 'app'), coalesce(ci.labels ->> 'team', 'platform'), (ARRAY['Platform', 'Payments', 'SRE', 'Data'])[1 + x.h2 % 4], 1000 + x.h2 % 900)
    ELSE format(E'--- a/%1$s\n+++ b/%1$s\n@@ -25,6 +25,8 @@ spec:\n         env:\n         - name: LOG_LEVEL\n-          value: info\n+          value: debug\n+        - name: FEATURE_%2$s\n+          value: "true"\n         - name: PORT\n           value: "8080"\n', coalesce(ci.name, 'app'), (ARRAY['CHECKOUT_V2', 'FAST_SEARCH', 'NEW_LEDGER'])[1 + x.h2 % 3])
  END`;

export const PATCHES_SQL = String.raw`
  CASE x.h1 % 5
    WHEN 0 THEN jsonb_build_object('spec', jsonb_build_object('replicas', x.h1 % 5 + 2))
    WHEN 1 THEN jsonb_build_object('spec', jsonb_build_object('template', jsonb_build_object('spec', jsonb_build_object('containers',
      jsonb_build_array(jsonb_build_object('name', 'app', 'image', format('ghcr.io/acme/%s:1.%s.%s', coalesce(ci.name, 'app'), x.h1 % 9, x.h2 % 7 + 1)))))))
    WHEN 2 THEN jsonb_build_object('spec', jsonb_build_object('template', jsonb_build_object('spec', jsonb_build_object('containers',
      jsonb_build_array(jsonb_build_object('name', 'app', 'resources', jsonb_build_object('limits', jsonb_build_object('memory', (256 * (x.h1 % 3 + 2))::text || 'Mi'),
        'requests', jsonb_build_object('memory', (128 * (x.h1 % 3 + 1))::text || 'Mi'))))))))
    WHEN 3 THEN jsonb_build_object('metadata', jsonb_build_object('labels', jsonb_build_object('team', (ARRAY['Platform', 'Payments', 'SRE', 'Data'])[1 + x.h2 % 4], 'cost-center', 'cc-' || (1000 + x.h2 % 900))))
    ELSE jsonb_build_object('spec', jsonb_build_object('template', jsonb_build_object('spec', jsonb_build_object('containers',
      jsonb_build_array(jsonb_build_object('name', 'app', 'env', jsonb_build_array(jsonb_build_object('name', 'LOG_LEVEL', 'value', 'debug'))))))))
  END`;

/** The summary line of a `diff` change, matching the kind of edit in DIFF_SQL. */
export const DIFF_SUMMARY_SQL = String.raw`
  CASE x.h1 % 5
    WHEN 0 THEN format('replicas changed from %s to %s', x.h1 % 5 + 1, x.h1 % 5 + 2)
    WHEN 1 THEN format('image tag changed to 1.%s.%s', x.h1 % 9, x.h2 % 7 + 1)
    WHEN 2 THEN 'memory limit and request raised'
    WHEN 3 THEN 'labels team and cost-center changed'
    ELSE 'LOG_LEVEL set to debug and a feature flag added'
  END`;
