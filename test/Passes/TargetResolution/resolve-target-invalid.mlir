// RUN: not tileiras-opt %s -tileaa-resolve-target='gpu-name=sm_90f' 2>&1 | FileCheck %s --check-prefix=SUFFIX
// RUN: not tileiras-opt %s -tileaa-resolve-target='gpu-name=sm_70' 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not tileiras-opt %s -tileaa-resolve-target='gpu-name=sm_99' 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// SUFFIX: error: sm_90 has no family-conditional variant; did you mean sm_90a?
// OLD: error: {{.*}}sm_75
// UNKNOWN: error: {{.*}}sm_75, sm_80
module {
}
