# kiosk — build, run, test, benchmark.
SWIFT ?= swift
# The release binary has the Swift runtime and Foundation linked in (from the toolchain's
# swift_static): no shared Swift library for the dynamic loader to map and bind thousands of
# symbols of at every start (README, Performance). Every target that uses the release binary
# (run, bench, compare) builds it this way; `swift build -c release` alone links them shared.
RELEASE := -c release --static-swift-stdlib
SOURCES := Package.swift Sources Tests Plugins Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/Sources

.PHONY: all bootstrap build release run test bench compare format lint clean man builtin-config

all: build

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build $(RELEASE)

## Builds in release mode and starts the REPL (SQLite under $XDG_DATA_HOME/kiosk).
run: release
	@.build/release/kiosk

## Builds the binary the end-to-end tests run, then the whole suite, with a throwaway
## PostgreSQL server (scripts/postgres) that is stopped even when tests fail.
test: bootstrap
	$(SWIFT) build
	@trap '$(CURDIR)/scripts/postgres stop' EXIT; $(CURDIR)/scripts/postgres start && \
	KIOSK_TEST_POSTGRES="$$($(CURDIR)/scripts/postgres url socket)" KIOSK_TEST_POSTGRES_TCP="$$($(CURDIR)/scripts/postgres url tcp)" \
	$(SWIFT) test --no-parallel --disable-xctest

## Runs every benchmark in Benchmarks/ (release builds of the package, the binary and the
## hello worlds that StartupBenchmarks compares kiosk with).
bench: release
	cd Benchmarks && $(SWIFT) build -c release --product HelloWorld
	cd Benchmarks && $(SWIFT) build -c release --product HelloFoundation
	@trap '$(CURDIR)/scripts/postgres stop' EXIT; $(CURDIR)/scripts/postgres start && \
	cd Benchmarks && KIOSK_BINARY=$(CURDIR)/.build/release/kiosk \
	KIOSK_BENCH_POSTGRES="$$($(CURDIR)/scripts/postgres url socket)" KIOSK_BENCH_POSTGRES_TCP="$$($(CURDIR)/scripts/postgres url tcp)" \
	$(SWIFT) package --disable-sandbox benchmark

## Builds kiosk in release mode and the programs it is compared with (Benchmarks/Peers,
## the hello worlds), then times each pair interleaved and prints the ratios
## (scripts/compare; options through COMPARE, e.g. make compare COMPARE="--runs 3 --only orders").
compare: release
	@scripts/compare $(COMPARE)

## Writes Sources/KioskCore/Config/KioskConfig+BuiltIn.swift, config/kiosk.toml as a
## compiled value: run it after changing that file (BuiltInConfigTests fails until then).
builtin-config:
	$(SWIFT) run WriteBuiltInConfig config/kiosk.toml Sources/KioskCore/Config/KioskConfig+BuiltIn.swift
	$(SWIFT) format --in-place Sources/KioskCore/Config/KioskConfig+BuiltIn.swift

## Writes the man page, man/kiosk.1, from the binary's own help (kiosk --help-man).
man: build
	.build/debug/kiosk --help-man > man/kiosk.1

format:
	$(SWIFT) format --in-place --recursive $(SOURCES)

lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES)

clean:
	rm -rf .build Benchmarks/.build
