// What a service's Pod is given, read off a rendered overlay (stdin), for platform/images/run-check (issue 41):
//   kubectl kustomize k8s/overlays/production | node k8s/validate/pod-env.mjs <deployment> <env file>
// writes the environment every Deployment takes from the ConfigMap slotwise-config (KEY=VALUE lines; the addresses of
// cluster services, which the check replaces with its own loopback ones, left out) to <env file>, and prints the
// deployment's container memory limit in bytes.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

const [deploymentName, envFile] = process.argv.slice(2);
const objects = parseAllDocuments(readFileSync(0, 'utf8')).map((d) => d.toJS()).filter(Boolean);
const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === deploymentName);
if (!deployment) throw new Error(`no Deployment ${deploymentName}`);
const container = deployment.spec.template.spec.containers[0];
const lines = [];
for (const source of container.envFrom ?? []) {
  const name = source.configMapRef?.name;
  const map = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name);
  if (!map) throw new Error(`envFrom names ConfigMap ${name}, which the overlay does not render`);
  for (const [key, value] of Object.entries(map.data ?? {})) {
    if (/(_URL|_ENDPOINT|_BOOTSTRAP_SERVERS|_PORT)$/.test(key)) continue;
    lines.push(`${key}=${value}`);
  }
}
writeFileSync(envFile, lines.join('\n') + '\n');
const units = { Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };
const limit = String(container.resources.limits.memory).match(/^(\d+)(Ki|Mi|Gi)?$/);
console.log(Number(limit[1]) * (units[limit[2]] ?? 1));
