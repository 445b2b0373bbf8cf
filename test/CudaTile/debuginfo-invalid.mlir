// Malformed debug-information attributes are parse errors at the attribute.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

#file = #cuda_tile.di_file<"f.py" in "/d">
// expected-error @below {{di_compile_unit needs 'file'}}
#unit = #cuda_tile.di_compile_unit<>

// -----

#file = #cuda_tile.di_file<"f.py" in "/d">
#unit = #cuda_tile.di_compile_unit<file = #file>
// expected-error @below {{di_subprogram needs 'linkageName'}}
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", compileUnit = #unit>

// -----

#file = #cuda_tile.di_file<"f.py" in "/d">
// expected-error @below {{expected a #cuda_tile.di_compile_unit}}
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #file>

// -----

#file = #cuda_tile.di_file<"f.py" in "/d">
// expected-error @below {{unknown di_lexical_block field 'col'}}
#b = #cuda_tile.di_lexical_block<file = #file, line = 1, col = 2>

// -----

#file = #cuda_tile.di_file<"f.py" in "/d">
// expected-error @below {{expected a #cuda_tile.di_subprogram or #cuda_tile.di_lexical_block scope}}
#b = #cuda_tile.di_lexical_block<scope = #file, file = #file, line = 1, column = 2>

// -----

#file = #cuda_tile.di_file<"f.py" in "/d">
#unit = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #unit>
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{a di_loc needs a file location}}
    return loc(#cuda_tile.di_loc<loc(unknown) in #sp>)
  }
}

// -----

#file = #cuda_tile.di_file<"f.py" in "/d">
cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{expected a #cuda_tile.di_subprogram or #cuda_tile.di_lexical_block scope}}
    return loc(#cuda_tile.di_loc<loc("f.py":1:2) in #file>)
  }
}
