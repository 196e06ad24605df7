# lit configuration for the compiler's test suite.
#
# Run it with `cargo test --test lit` (which builds the tools first), or
# directly with LLVM's lit: `lit -sv test/` after `cargo build`; the tools are
# taken from $STRATA_TOOLS_DIR, else target/debug, else target/release.

import os
import shutil

import lit.formats

config.name = "strata"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs", "algorithms", "lit.cfg.py"]

root = os.path.dirname(config.test_source_root)
candidates = [os.environ.get("STRATA_TOOLS_DIR", ""), os.path.join(root, "target", "debug"), os.path.join(root, "target", "release")]
tools_dir = next((d for d in candidates if d and os.path.exists(os.path.join(d, "graph-opt"))), None)
if tools_dir is None:
    lit_config.fatal("graph-opt not found: run `cargo build` or set STRATA_TOOLS_DIR")

llvm_bin = "/usr/lib/llvm-22/bin"
path = [tools_dir, llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
# Where the CPU backend's runs find the OpenMP runtime, when not in LLVM's
# directory (a GPU machine's pack brings its own).
if "STRATA_OMP_DIR" in os.environ:
    config.environment["STRATA_OMP_DIR"] = os.environ["STRATA_OMP_DIR"]

mlir_opt = shutil.which("mlir-opt-22") or shutil.which("mlir-opt", path=llvm_bin)
if mlir_opt:
    config.available_features.add("mlir-opt")
    config.substitutions.append(("%mlir-opt", mlir_opt))

# NVIDIA's PTX assembler validates the PTX the GPU target writes
# (scripts/install-ptxas.sh installs it; $STRATA_PTXAS names another).
import glob
ptxas = os.environ.get("STRATA_PTXAS") or next(iter(sorted(glob.glob(os.path.join(root, "target", "tools", "ptxas-*", "ptxas")))), None) or shutil.which("ptxas")
if ptxas and os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
elif os.environ.get("CI"):
    lit_config.fatal("ptxas not found: run scripts/install-ptxas.sh or set STRATA_PTXAS")
else:
    lit_config.warning("ptxas not found (scripts/install-ptxas.sh installs it): the PTX validation tests are skipped")

# A CUDA driver: GPU runs are checked with it, the error without it.
import ctypes.util
if ctypes.util.find_library("cuda"):
    config.available_features.add("cuda-driver")

# Upstream's own tools to lower, link and run what --emit=upstream-mlir
# writes: mlir-opt and mlir-translate, llvm-link, and lli with OpenMP's
# runtime and MLIR's runner utilities (printI64) loaded.
llvm_lib = "/usr/lib/llvm-22/lib"
upstream_tools = {name: os.path.join(llvm_bin, name) for name in ["mlir-translate", "llvm-link", "lli"]}
upstream_libs = [os.path.join(llvm_lib, lib) for lib in ["libomp.so", "libmlir_c_runner_utils.so"]]
if mlir_opt and all(os.path.exists(p) for p in list(upstream_tools.values()) + upstream_libs):
    config.available_features.add("upstream-run")
    config.substitutions.append(("%upstream-lower", mlir_opt + " --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts"))
    config.substitutions.append(("%mlir-translate", upstream_tools["mlir-translate"]))
    config.substitutions.append(("%llvm-link", upstream_tools["llvm-link"]))
    config.substitutions.append(("%lli", upstream_tools["lli"] + "".join(" --dlopen=" + lib for lib in upstream_libs)))
elif os.environ.get("CI"):
    lit_config.fatal("upstream MLIR's tools or runtime libraries not found: run scripts/setup.sh")
