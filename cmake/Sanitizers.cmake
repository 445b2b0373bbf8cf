# -DTILEIRAS_SANITIZE=address,undefined (or one of them): builds our own code
# with AddressSanitizer and/or UndefinedBehaviorSanitizer. LLVM and MLIR come
# uninstrumented from Debian; the sanitizer runtimes are linked into our
# executables. See docs/cli.md ("Sanitizer builds") for which tests run.
set(TILEIRAS_SANITIZE "" CACHE STRING
    "Sanitizers for tileiras' own code: address, undefined or address,undefined")

if(TILEIRAS_SANITIZE)
  string(REPLACE "," ";" _tileiras_sanitizers "${TILEIRAS_SANITIZE}")
  foreach(_sanitizer IN LISTS _tileiras_sanitizers)
    if(NOT _sanitizer MATCHES "^(address|undefined)$")
      message(FATAL_ERROR "TILEIRAS_SANITIZE: unknown sanitizer '${_sanitizer}' "
                          "(use address, undefined or address,undefined)")
    endif()
  endforeach()
  add_compile_options(-fsanitize=${TILEIRAS_SANITIZE} -fno-omit-frame-pointer -g1)
  add_link_options(-fsanitize=${TILEIRAS_SANITIZE})
  if("undefined" IN_LIST _tileiras_sanitizers)
    # Every undefined behaviour is fatal, so a test cannot pass over it.
    # The vptr check needs RTTI, which LLVM and MLIR are built without.
    add_compile_options(-fno-sanitize-recover=undefined -fno-sanitize=vptr)
  endif()
  message(STATUS "tileiras: sanitizers ${TILEIRAS_SANITIZE}")
endif()
