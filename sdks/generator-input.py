"""Writes the copy of the API description that openapi-generator reads (stdin → stdout). The description itself is
exact OpenAPI 3.1; two of its constructs trip openapi-generator 7.25, and are rewritten here into equivalents it reads:

1. A property whose schema is `type: 'null'` alone (the availability answer's always-null nextCursor): the Python
   generator stops ("Codegen Property not yet supported in getPydanticType"). It becomes a nullable string.
2. `allOf: [$ref, {properties}]` (WebhookEndpointCreated, DeliveryDetail, the webhooks' payloads): flattening it loses
   the 3.1 nullability of the referenced schema's fields (`description: [string, 'null']` becomes a required string,
   and the answer's null fails to deserialize), and the Ruby generator's inheritance variant (REF_AS_PARENT_IN_ALLOF)
   drops the parent's fields. The parts are merged into one object schema here: properties and required lists.
"""
import sys

import yaml


def resolve(document, ref):
    node = document
    for part in ref.lstrip("#/").split("/"):
        node = node[part]
    return node


def merged(document, schema):
    result = {key: value for key, value in schema.items() if key != "allOf"}
    properties, required = {}, []
    for part in schema["allOf"]:
        part = resolve(document, part["$ref"]) if "$ref" in part else part
        if "allOf" in part:
            part = merged(document, part)
        properties.update(part.get("properties", {}))
        required += [name for name in part.get("required", []) if name not in required]
        for key, value in part.items():
            if key not in ("properties", "required", "description", "title"):
                result.setdefault(key, value)
    result.update(type="object", properties=properties)
    if required:
        result["required"] = required
    return result


def rewrite(document, node):
    if isinstance(node, dict):
        if "allOf" in node and all("$ref" in part or part.get("type") == "object" for part in node["allOf"]):
            flat = merged(document, node)
            node.clear()
            node.update(flat)
        for key, value in node.get("properties", {}).items() if isinstance(node.get("properties"), dict) else []:
            if isinstance(value, dict) and value.get("type") == "null":
                value["type"] = ["string", "null"]
        for value in node.values():
            rewrite(document, value)
    elif isinstance(node, list):
        for value in node:
            rewrite(document, value)


class WithoutAliases(yaml.SafeDumper):
    """Writes a part that merging shares between schemas in full each time: openapi-generator's YAML parser refuses
    more than 50 aliases (anchors), and a description with many webhooks merges the same parts many times."""

    def ignore_aliases(self, data):
        return True


document = yaml.safe_load(sys.stdin)
rewrite(document, document)
yaml.dump(document, sys.stdout, Dumper=WithoutAliases, sort_keys=False, allow_unicode=True, width=1000)
