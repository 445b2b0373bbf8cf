; An inline-PTX template the lowering does not generate: the translator must
; refuse it rather than run it wrongly.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @u(i32 %x) {
  %y = call i32 asm "prmt.b32 $0, $1, $2, 0x3210;", "=r,r,r"(i32 %x, i32 %x)
  ret void
}
