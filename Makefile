# kiosk — build, run, test, benchmark.
SWIFT ?= swift
SOURCES := Package.swift Sources Tests Plugins Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/Sources

.PHONY: all bootstrap build release run test bench format lint clean man

all: build

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release

## Builds in release mode and starts the REPL (SQLite under $XDG_DATA_HOME/kiosk).
run: release
	@.build/release/kiosk

## Builds the binary the end-to-end tests run, then the whole suite.
test: bootstrap
	$(SWIFT) build
	$(SWIFT) test --no-parallel --disable-xctest

## Runs every benchmark in Benchmarks/ (release builds of the package, the binary and the
## hello worlds that StartupBenchmarks compares kiosk with).
bench: release
	cd Benchmarks && $(SWIFT) build -c release --product HelloWorld
	cd Benchmarks && $(SWIFT) build -c release --product HelloFoundation
	cd Benchmarks && KIOSK_BINARY=$(CURDIR)/.build/release/kiosk $(SWIFT) package --disable-sandbox benchmark

## Writes the man page, man/kiosk.1, from the binary's own help (kiosk --help-man).
man: build
	.build/debug/kiosk --help-man > man/kiosk.1

format:
	$(SWIFT) format --in-place --recursive $(SOURCES)

lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES)

clean:
	rm -rf .build Benchmarks/.build
