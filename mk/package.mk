# SPDX-License-Identifier: GPL-2.0
#
# Installed the way users install kernel modules.
#
#   make dkms-install     (root) register this checkout with DKMS, build and
#                         install for every kernel with headers (6.1 .. 7.3)
#   make dkms-remove      (root) remove it from DKMS and every kernel
#   make sign SIGN_KEY=key.pem SIGN_CERT=cert.der [KDIR=...]
#                         sign the modules `make` built, with KDIR's sign-file
#   make package          build/deb/*.deb: adiantum-x86-dkms, adiantum-x86-tools
#                         (as root it installs its build dependencies first)
#   make check-demo       make demo must pass, a broken demo step must fail it
#   make check-package    (root) build, install, VM-test and purge the packages

# the modules users get: every obj-$(CONFIG_...) of Kbuild
PKG_MODULES := $(patsubst %.o,%,$(shell \
	sed -n 's/^obj-$$(CONFIG_[A-Z0-9_]*)[ \t]*+=[ \t]*//p' Kbuild))
DKMS_NAME := adiantum-x86
DKMS_VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"$$/\1/p' dkms.conf)
# the kernels the sources support: dkms.conf's regex, said once
DKMS_KERNELS := $(shell sed -n 's/^BUILD_EXCLUSIVE_KERNEL="\(.*\)"$$/\1/p' \
	dkms.conf)
DKMS_SRC := /usr/src/$(DKMS_NAME)-$(DKMS_VERSION)
# what the modules are built from, said once: make dkms-install and the
# package (debian/rules runs make dkms-sources) copy exactly these, and no
# objects of earlier in-tree builds
DKMS_SOURCES = Kbuild compat.h $(wildcard crypto/*.[ch]) \
	$(wildcard arch/x86/crypto/*.[chS])

.PHONY: dkms-install dkms-remove dkms-sources sign package package-deps \
	check-demo check-package

# A checkout must not replace or delete the sources of the installed
# package adiantum-x86-dkms (dpkg owns them): remove the package first
define DKMS_NOT_PACKAGED
	@! owner=$$(dpkg-query -S $(DKMS_SRC) 2>/dev/null) || { \
		echo "make $@: $(DKMS_SRC) belongs to the package" \
		"$${owner%%:*}: apt-get remove it first, or use it" \
		"(dkms status)" >&2; exit 1; }
endef

dkms-install:
	@test -n "$(DKMS_VERSION)"
	$(DKMS_NOT_PACKAGED)
	-dkms remove $(DKMS_NAME)/$(DKMS_VERSION) --all >/dev/null 2>&1
	rm -rf $(DKMS_SRC)
	mkdir -p $(DKMS_SRC)
	cp --parents dkms.conf $(DKMS_SOURCES) $(DKMS_SRC)/
	dkms add $(DKMS_NAME)/$(DKMS_VERSION)
	@# every kernel with headers DKMS may build for; a failed build fails
	@n=0; for b in /lib/modules/*/build; do \
		[ -e "$$b/Makefile" ] || continue; \
		k=$${b#/lib/modules/}; k=$${k%/build}; \
		echo "$$k" | grep -Eq '$(DKMS_KERNELS)' || continue; \
		echo "dkms install $(DKMS_NAME)/$(DKMS_VERSION) -k $$k"; \
		dkms install $(DKMS_NAME)/$(DKMS_VERSION) -k "$$k" || exit 1; \
		n=$$((n + 1)); \
	done; \
	[ $$n -gt 0 ] || { echo "no kernel headers 6.1..7.3 found" \
		"(apt-get install linux-headers-amd64)" >&2; exit 1; }
	dkms status $(DKMS_NAME)

# the sources into DEST (dh_dkms adds dkms.conf itself)
dkms-sources:
	@test -n "$(DEST)"
	install -d $(DEST)
	cp --parents $(DKMS_SOURCES) $(DEST)/

dkms-remove:
	@test -n "$(DKMS_VERSION)"
	$(DKMS_NOT_PACKAGED)
	if dkms status $(DKMS_NAME)/$(DKMS_VERSION) | grep -q .; then \
		dkms remove $(DKMS_NAME)/$(DKMS_VERSION) --all; fi
	rm -rf $(DKMS_SRC)

# with the kernel's own tool, so the signature is what that kernel checks
sign:
	@test -n "$(SIGN_KEY)" && test -n "$(SIGN_CERT)" || { echo \
		"usage: make sign SIGN_KEY=key.pem SIGN_CERT=cert.der [KDIR=...]" >&2; \
		exit 1; }
	@test -x $(KDIR)/scripts/sign-file || { echo \
		"$(KDIR)/scripts/sign-file missing: install the kernel's headers" >&2; \
		exit 1; }
	@for m in $(PKG_MODULES); do \
		test -f $$m.ko || { echo "$$m.ko missing: run make first" >&2; \
			exit 1; }; \
		echo "sign-file sha256 $(SIGN_KEY) $(SIGN_CERT) $$m.ko"; \
		$(KDIR)/scripts/sign-file sha256 $(SIGN_KEY) $(SIGN_CERT) $$m.ko || \
			exit 1; \
	done

# dpkg-buildpackage writes to the parent folder: build in a copy of the
# tree under build/deb, as committed (PKG_REF), never half-edited files
PKG_DIR := $(BUILD)/deb
PKG_REF ?= HEAD
# like make demo on a fresh machine: what dpkg-buildpackage needs first
package-deps:
	tools/install-package-deps.sh

package: package-deps
	rm -rf $(PKG_DIR)
	mkdir -p $(PKG_DIR)/$(DKMS_NAME)-$(DKMS_VERSION)
	git archive $(PKG_REF) | tar -x -C $(PKG_DIR)/$(DKMS_NAME)-$(DKMS_VERSION)
	@# the package's own build uses its own build/: not a BUILD given
	@# on this make's command line (MAKEFLAGS would pass it down)
	cd $(PKG_DIR)/$(DKMS_NAME)-$(DKMS_VERSION) && \
		env -u MAKEFLAGS -u MAKELEVEL -u BUILD dpkg-buildpackage -us -uc
	ls $(PKG_DIR)/*.deb

DEMO_RUN = tests/package/demo-test.sh $(VM_INITRD) $(VM_KVER) \
	   $(BUILD)/demo-test
PACKAGE_RUN = tests/package/run.sh

check-demo: $(VM_INITRD)
	$(call part,DEMO_RUN) | tests/summarize.sh

check-package:
	$(call part,PACKAGE_RUN) | tests/summarize.sh
