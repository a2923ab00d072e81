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
        if (path.path === '/' || path.path.startsWith('/admin') || path.path.startsWith('/q')) {
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
  const findings = [...policyFindings(objects)];
  for (const object of objects) findings.push(...(await schemaFindings(object)));
  const expected = ['not pinned', 'no readinessProbe', 'no limits.memory', 'allowPrivilegeEscalation',
    'capabilities.drop', 'no NetworkPolicy', 'no PodDisruptionBudget', 'default-deny', 'exposes /admin',
    'Pod Security', 'Deployment/broken: '];
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
