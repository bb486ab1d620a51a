import Foundation

// `startup-baseline`: a program that only imports Foundation and prints one line, so that the
// bench can set `rezepte`'s start-up against what any Swift program with Foundation costs.
print(ProcessInfo.processInfo.processName)
