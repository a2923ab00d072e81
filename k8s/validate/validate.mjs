// Validates rendered Kubernetes objects offline (issue 18): each against the schema of its kind — Kubernetes' own and
// the operators' CRDs (CloudNativePG, Strimzi, Prometheus Operator), compiled into the kubernetes-models packages
// from npm — and against Slotwise's policy. Usage:
//   kubectl kustomize k8s/overlays/production | node k8s/validate/validate.mjs production
//   node k8s/validate/validate.mjs --self-test     (the policy must catch a deployment that breaks it)
// Exits 1 with every finding listed when anything fails.
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

const MODELS = {
  'v1': 'kubernetes-models/v1',
  'apps/v1': 'kubernetes-models/apps/v1',
  'policy/v1': 'kubernetes-models/policy/v1',
  'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
  'postgresql.cnpg.io/v1': '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1',
  'kafka.strimzi.io/v1': '@kubernetes-models/strimzi-kafka-operator/kafka.strimzi.io/v1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
  'gateway.networking.k8s.io/v1': '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1',
  'external-secrets.io/v1': '@kubernetes-models/external-secrets/external-secrets.io/v1',
};

async function schemaFindings(object) {
  const where = `${object.kind}/${object.metadata?.name}`;
  const pkg = MODELS[object.apiVersion];
  if (!pkg) {
    return [`${where}: no schema known for apiVersion ${object.apiVersion}`];
  }
  let Model;
  try {
    Model = (await import(`${pkg}/${object.kind}`))[object.kind];
  } catch (e) {
    return [`${where}: no schema for kind ${object.kind} in ${object.apiVersion}`];
  }
  try {
    new Model(object).validate();
    return [];
  } catch (e) {
    return [`${where}: ${e.message}`];
  }
}

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

function matches(selector, labels) {
  if (!selector) return false;
  const wanted = selector.matchLabels ?? {};
  if (Object.entries(wanted).some(([k, v]) => labels[k] !== v)) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(labels, e.key);
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
    if (e.operator === 'In' && !e.values.includes(labels[e.key])) return false;
    if (e.operator === 'NotIn' && e.values.includes(labels[e.key])) return false;
  }
  return true;
}

/** The release version: the root pom.xml's, which the images are tagged with (platform/images/build). */
export function releaseVersion() {
  const pom = readFileSync(new URL('../../pom.xml', import.meta.url), 'utf8');
  return pom.match(/<artifactId>slotwise<\/artifactId>\s*<version>([^<]+)<\/version>/)[1];
}

/**
 * The anchors of a Markdown document of the repository (GitHub's slugs of its headings outside code blocks, and
 * <a id|name>), which the alerts' runbook_url point at (today docs/operating.md#alerts); null when there is no such
 * document. Paths are relative to the repository's root and stay inside it.
 */
const documentAnchorsByPath = new Map();
export function documentAnchors(path) {
  if (!/^[\w.-]+(\/[\w.-]+)*\.md$/.test(path ?? '') || path.split('/').some((p) => p === '..' || p === '.')) return null;
  if (!documentAnchorsByPath.has(path)) {
    let text = null;
    try { text = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'); } catch { /* no such document */ }
    let anchors = null;
    if (text !== null) {
      anchors = new Set();
      let fenced = false;
      for (const line of text.split('\n')) {
        if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
        const heading = !fenced && line.match(/^#+\s+(.*)$/);
        if (heading) anchors.add(heading[1].trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-'));
        for (const id of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
      }
    }
    documentAnchorsByPath.set(path, anchors);
  }
  return documentAnchorsByPath.get(path);
}

const GATEWAY_UPSTREAM_TIMEOUT_SECONDS = 30;
const seconds = (d) => {
  const m = String(d ?? '').match(/^(\d+(?:\.\d+)?)(ms|s|m|h)$/);
  return m ? Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2]] : NaN;
};
const bytes = (q) => {
  const m = String(q).match(/^(\d+)([kmg]?)$/i);
  return m ? Number(m[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase()] : NaN;
};
const envOf = (c) => Object.fromEntries((c.env ?? []).filter((e) => e.value !== undefined).map((e) => [e.name, e.value]));

/**
 * The rules of issue 41: rollouts (no replicas beside an HPA, a preStop pause and the grace period after it, spread per
 * revision, budgets that keep capacity, settings that roll the pods), the edge (only public paths, the gateway answers
 * first), the databases (synchronous replication, backups, TLS, metrics; strict in production), the images (release
 * version, a placeholder registry or a digest; digests in production) and the alerts (per namespace, absent targets,
 * runbooks in the repository's documents).
 */
export function rolloutFindings(objects, { production = false, version = releaseVersion(), anchors = documentAnchors } = {}) {
  const findings = [];
  const hpas = objects.filter((o) => o.kind === 'HorizontalPodAutoscaler');
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const configMaps = new Set(objects.filter((o) => o.kind === 'ConfigMap').map((o) => o.metadata.name));
  for (const d of deployments) {
    const where = `Deployment/${d.metadata.name}`;
    const hpa = hpas.find((h) => h.spec.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === d.metadata.name);
    const pod = d.spec.template.spec;
    const labels = d.spec.template.metadata?.labels ?? {};
    if (hpa && d.spec.replicas !== undefined) {
      findings.push(`${where}: sets replicas beside HorizontalPodAutoscaler/${hpa.metadata.name} (every apply would undo its scaling)`);
    }
    if (labels['app.kubernetes.io/component'] === 'service') {
      for (const c of pod.containers) {
        const pause = c.lifecycle?.preStop;
        if (!pause) {
          findings.push(`${where} container ${c.name}: no preStop pause (requests still routed here are dropped at SIGTERM)`);
          continue;
        }
        const wait = pause.sleep?.seconds ?? 0;
        const grace = pod.terminationGracePeriodSeconds ?? 30;
        if (grace < wait + 20) {
          findings.push(`${where}: terminationGracePeriodSeconds ${grace} leaves less than 20 s after the preStop pause of ${wait} s for requests in flight`);
        }
      }
      if (hpa && !(pod.topologySpreadConstraints ?? []).length) findings.push(`${where}: no topologySpreadConstraints`);
    }
    for (const t of pod.topologySpreadConstraints ?? []) {
      if (!(t.matchLabelKeys ?? []).includes('pod-template-hash')) {
        findings.push(`${where}: a topology spread constraint (${t.topologyKey}) without matchLabelKeys [pod-template-hash] counts the old revision's pods during a rollout`);
      }
    }
    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      const read = [...(c.envFrom ?? []).map((e) => e.configMapRef?.name),
        ...(c.env ?? []).map((e) => e.valueFrom?.configMapKeyRef?.name)].filter(Boolean);
      for (const name of read) {
        if (!/-[a-z0-9]{10}$/.test(name) || !configMaps.has(name)) {
          findings.push(`${where}: reads ConfigMap ${name}, which is not generated with a content hash (a change would not roll the pods)`);
        }
      }
      const env = envOf(c);
      if (env.QUARKUS_DATASOURCE_JDBC_URL !== undefined) {
        if (!/[?&]sslmode=verify-full(&|$)/.test(env.QUARKUS_DATASOURCE_JDBC_URL)) findings.push(`${where}: the JDBC URL does not verify the database's certificate and name (sslmode=verify-full)`);
        if (env.QUARKUS_DATASOURCE_REACTIVE_POSTGRESQL_SSL_MODE !== 'verify-full') findings.push(`${where}: the reactive client does not verify the database (QUARKUS_DATASOURCE_REACTIVE_POSTGRESQL_SSL_MODE=verify-full)`);
      }
      const image = c.image ?? '';
      const own = image.match(/^(.*)\/slotwise\/([a-z0-9-]+)(?::([^@]+))?(?:@(sha256:[0-9a-f]{64}))?$/);
      if (own) {
        const [, registry, , tag, digest] = own;
        if (!digest && registry !== 'registry.invalid') findings.push(`${where}: image ${image} names a registry but no digest (pin a release by digest)`);
        if (!digest && tag !== version) findings.push(`${where}: image ${image} is not tagged with the release version ${version} (root pom.xml)`);
        if (production && digest && registry === 'registry.invalid') findings.push(`${where}: image ${image} pins a digest on the placeholder registry`);
      }
    }
  }
  for (const b of objects.filter((o) => o.kind === 'PodDisruptionBudget')) {
    const where = `PodDisruptionBudget/${b.metadata.name}`;
    const target = deployments.find((d) => d.metadata.namespace === b.metadata.namespace && matches(b.spec.selector, d.spec.template.metadata?.labels ?? {}));
    const hpa = target && hpas.find((h) => h.spec.scaleTargetRef?.name === target.metadata.name);
    const most = hpa?.spec.maxReplicas ?? target?.spec.replicas ?? 1;
    const { minAvailable, maxUnavailable } = b.spec;
    if (typeof minAvailable === 'number' && most - minAvailable > 1) {
      findings.push(`${where}: minAvailable ${minAvailable} lets a drain evict ${most - minAvailable} of ${most} pods at once (use maxUnavailable: 1)`);
    }
    if (typeof maxUnavailable === 'number' && maxUnavailable > 1) findings.push(`${where}: maxUnavailable ${maxUnavailable} takes more than one pod at a time`);
    if (typeof maxUnavailable === 'string' && parseInt(maxUnavailable, 10) > 25) findings.push(`${where}: maxUnavailable ${maxUnavailable} takes more than a quarter of the pods at a time`);
  }
  const publicOnly = (where, path) => {
    if (path === '/' || path.startsWith('/admin') || path.startsWith('/internal') || path.startsWith('/q')) findings.push(`${where}: exposes ${path} (only the public paths may be routed)`);
  };
  for (const route of objects.filter((o) => o.kind === 'HTTPRoute')) {
    const where = `HTTPRoute/${route.metadata.name}`;
    for (const rule of route.spec.rules ?? []) {
      for (const m of rule.matches ?? [{ path: { value: '/' } }]) publicOnly(where, m.path?.value ?? '/');
      const request = seconds(rule.timeouts?.request);
      if (!(request > GATEWAY_UPSTREAM_TIMEOUT_SECONDS)) {
        findings.push(`${where}: the request timeout (${rule.timeouts?.request ?? 'the controller\'s default'}) must exceed the gateway's upstream timeout (${GATEWAY_UPSTREAM_TIMEOUT_SECONDS} s), so the gateway answers a slow service with problem+json`);
      }
    }
  }
  for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
    const where = `Ingress/${ingress.metadata.name}`;
    const body = ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'];
    if (ingress.spec.ingressClassName === 'nginx' && !(body === '0' || bytes(body) > 1024 * 1024)) {
      findings.push(`${where}: NGINX refuses bodies over ${body ?? '1m'} with an HTML 413; bodies over 1 MiB must reach the gateway (proxy-body-size "0")`);
    }
  }
  const clusters = objects.filter((o) => o.kind === 'Cluster' && o.apiVersion.startsWith('postgresql.cnpg.io/'));
  const scheduled = objects.filter((o) => o.kind === 'ScheduledBackup');
  for (const c of clusters) {
    const where = `Cluster/${c.metadata.name}`;
    const hba = c.spec.postgresql?.pg_hba ?? [];
    if (!hba.some((line) => /^hostnossl\s+all\s+all\s+\S+\s+reject$/.test(line.trim()))) findings.push(`${where}: accepts connections without TLS (pg_hba: hostnossl all all all reject)`);
    if (!production) continue;
    if ((c.spec.instances ?? 1) < 3) findings.push(`${where}: ${c.spec.instances ?? 1} instance(s); production runs 3`);
    const sync = Math.max(c.spec.minSyncReplicas ?? 0, c.spec.postgresql?.synchronous?.number ?? 0);
    if (sync < 1) findings.push(`${where}: no synchronous standby (minSyncReplicas >= 1): a failover can lose acknowledged commits`);
    const store = c.spec.backup?.barmanObjectStore;
    const plugin = (c.spec.plugins ?? []).some((p) => p.isWALArchiver);
    if (!store && !plugin) findings.push(`${where}: no WAL archiving and backups to an object store`);
    if (!scheduled.some((s) => s.spec.cluster?.name === c.metadata.name)) findings.push(`${where}: no ScheduledBackup`);
  }
  if (clusters.length && !objects.some((o) => o.kind === 'PodMonitor' && o.spec.selector?.matchLabels?.['cnpg.io/podRole'] === 'instance')) {
    findings.push('the databases\' metrics are not scraped (no PodMonitor selecting cnpg.io/podRole: instance)');
  }
  for (const rule of objects.filter((o) => o.kind === 'PrometheusRule')) {
    const where = `PrometheusRule/${rule.metadata.name}`;
    const alerts = (rule.spec.groups ?? []).flatMap((g) => g.rules ?? []).filter((r) => r.alert);
    if (alerts.length && !alerts.some((a) => /\babsent\(/.test(a.expr))) findings.push(`${where}: no alert for targets that are absent altogether`);
    for (const a of alerts) {
      const runbook = a.annotations?.runbook_url ?? '';
      const [, document, anchor] = runbook.match(/^([\w./-]+\.md)#(.+)$/) ?? [];
      if (!anchor || !anchors(document)?.has(anchor)) {
        findings.push(`${where} alert ${a.alert}: runbook_url '${runbook}' is not an anchor of ${document ?? 'a Markdown document of the repository'}`);
      }
      for (const m of String(a.expr).matchAll(/\b(sum|max|min|avg|count)\s*(?:by\s*\(([^)]*)\))?\s*\(/g)) {
        if (!(m[2] ?? '').split(',').map((x) => x.trim()).includes('namespace')) {
          findings.push(`${where} alert ${a.alert}: ${m[1]} without 'by (namespace, …)' mixes installations`);
          break;
        }
      }
    }
  }
  return findings;
}

/** Slotwise's rules for what it deploys: pinned images, probes, limits, restricted pods, policies and budgets. */
export function policyFindings(objects) {
  const findings = [];
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  const budgets = objects.filter((o) => o.kind === 'PodDisruptionBudget');
  for (const o of objects.filter((x) => WORKLOADS.has(x.kind))) {
    const where = `${o.kind}/${o.metadata.name}`;
    const pod = o.spec.template.spec;
    const labels = o.spec.template.metadata?.labels ?? {};
    const podContext = pod.securityContext ?? {};
    if (pod.hostNetwork || pod.hostPID || pod.hostIPC) findings.push(`${where}: uses the host's namespaces`);
    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      const at = `${where} container ${c.name}`;
      const image = c.image ?? '';
      const tagged = image.includes('@sha256:') || /:[^/:]+$/.test(image);
      if (!tagged || image.endsWith(':latest')) findings.push(`${at}: image '${image}' is not pinned (a tag other than latest, or a digest)`);
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
        if (!c[probe]) findings.push(`${at}: no ${probe}`);
      }
      for (const kind of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          if (!c.resources?.[kind]?.[resource]) findings.push(`${at}: no ${kind}.${resource}`);
        }
      }
      const sc = c.securityContext ?? {};
      if (sc.allowPrivilegeEscalation !== false) findings.push(`${at}: allowPrivilegeEscalation is not false`);
      if (!(sc.capabilities?.drop ?? []).includes('ALL')) findings.push(`${at}: capabilities.drop does not include ALL`);
      if (sc.privileged) findings.push(`${at}: privileged`);
      if ((sc.runAsNonRoot ?? podContext.runAsNonRoot) !== true) findings.push(`${at}: runAsNonRoot is not true`);
      if ((sc.runAsUser ?? podContext.runAsUser) === 0) findings.push(`${at}: runs as user 0`);
      const seccomp = sc.seccompProfile?.type ?? podContext.seccompProfile?.type;
      if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') findings.push(`${at}: seccompProfile is not RuntimeDefault`);
      if (sc.readOnlyRootFilesystem !== true) findings.push(`${at}: the root filesystem is writable`);
    }
    const namespace = o.metadata.namespace;
    const covered = (p) => p.metadata.namespace === namespace && matches(p.spec.podSelector, labels)
      && Object.keys(p.spec.podSelector.matchLabels ?? {}).length + (p.spec.podSelector.matchExpressions ?? []).length > 0;
    if (!policies.some((p) => covered(p) && (p.spec.policyTypes ?? []).includes('Ingress'))) {
      findings.push(`${where}: no NetworkPolicy of its own says who may reach it`);
    }
    if (!policies.some((p) => covered(p) && (p.spec.policyTypes ?? []).includes('Egress'))) {
      findings.push(`${where}: no NetworkPolicy of its own says what it may reach`);
    }
    if (!budgets.some((b) => b.metadata.namespace === namespace && matches(b.spec.selector, labels))) {
      findings.push(`${where}: no PodDisruptionBudget`);
    }
  }
  for (const ns of new Set(objects.filter((o) => WORKLOADS.has(o.kind)).map((o) => o.metadata.namespace))) {
    const denyAll = policies.some((p) => p.metadata.namespace === ns && Object.keys(p.spec.podSelector ?? {}).length === 0
      && (p.spec.policyTypes ?? []).includes('Ingress') && (p.spec.policyTypes ?? []).includes('Egress')
      && (p.spec.ingress ?? []).length === 0 && (p.spec.egress ?? []).length === 0);
    if (!denyAll) findings.push(`namespace ${ns}: no default-deny NetworkPolicy`);
    const namespace = objects.find((o) => o.kind === 'Namespace' && o.metadata.name === ns);
    if (namespace?.metadata.labels?.['pod-security.kubernetes.io/enforce'] !== 'restricted') {
      findings.push(`namespace ${ns}: Pod Security is not enforced at restricted`);
    }
  }
  for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
    for (const rule of ingress.spec.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        if (path.path === '/' || path.path.startsWith('/admin') || path.path.startsWith('/internal') || path.path.startsWith('/q')) {
          findings.push(`Ingress/${ingress.metadata.name}: exposes ${path.path} (only the public paths may be routed)`);
        }
      }
    }
  }
  return findings;
}

async function validate(label, text) {
  const objects = parseAllDocuments(text).map((d) => d.toJS()).filter(Boolean);
  const findings = [];
  for (const object of objects) findings.push(...(await schemaFindings(object)));
  findings.push(...policyFindings(objects));
  findings.push(...rolloutFindings(objects, { production: label === 'production' || label.startsWith('production-') }));
  if (findings.length) {
    console.error(`${label}: ${findings.length} finding(s) in ${objects.length} objects`);
    for (const f of findings) console.error(`  ${f}`);
    return false;
  }
  console.log(`${label}: ${objects.length} objects valid, policy holds`);
  return true;
}

async function selfTest() {
  const here = new URL('.', import.meta.url);
  const bad = readFileSync(new URL('self-test.yaml', here), 'utf8');
  const objects = parseAllDocuments(bad).map((d) => d.toJS()).filter(Boolean);
  const findings = [...policyFindings(objects), ...rolloutFindings(objects, { production: true, version: '9.9.9' })];
  for (const object of objects) findings.push(...(await schemaFindings(object)));
  const expected = ['not pinned', 'no readinessProbe', 'no limits.memory', 'allowPrivilegeEscalation',
    'capabilities.drop', 'no NetworkPolicy', 'no PodDisruptionBudget', 'default-deny', 'exposes /admin',
    'Pod Security', 'Deployment/broken: ',
    // issue 41
    'sets replicas beside HorizontalPodAutoscaler', 'no preStop pause', 'leaves less than 20 s after the preStop',
    'without matchLabelKeys', 'lets a drain evict', 'not generated with a content hash', 'sslmode=verify-full',
    'QUARKUS_DATASOURCE_REACTIVE_POSTGRESQL_SSL_MODE', 'names a registry but no digest', 'not tagged with the release version',
    'HTTPRoute/careless: exposes /q', 'HTTPRoute/careless: exposes /internal', 'must exceed the gateway\'s upstream timeout', 'HTML 413', 'accepts connections without TLS',
    'instance(s); production runs 3', 'no synchronous standby', 'no WAL archiving', 'no ScheduledBackup', 'metrics are not scraped',
    'absent altogether', 'is not an anchor of docs/operating.md', 'mixes installations'];
  const missed = expected.filter((e) => !findings.some((f) => f.includes(e)));
  if (missed.length) {
    console.error(`self-test: the validator missed ${missed.join(', ')}; it found:\n  ${findings.join('\n  ')}`);
    return false;
  }
  console.log(`self-test: all ${expected.length} planted faults found`);
  return true;
}

const arg = process.argv[2] ?? 'stdin';
const ok = arg === '--self-test' ? await selfTest() : await validate(arg, readFileSync(0, 'utf8'));
process.exit(ok ? 0 : 1);
